// A Discord Activity's login with Discord's Embedded App SDK (@discord/embedded-app-sdk,
// vendored as vendor/discord-sdk.js, which sets window.DiscordSDKBundle;
// tools/web/vendor-discord-sdk.sh rebuilds it). Only an Activity loads it (150 KB a Telegram
// Mini App or the local page has no use for). The SDK speaks to the
// Discord client the page runs in over postMessage: its handshake (to the referrer, the client
// that framed the page), READY, AUTHORIZE, AUTHENTICATE. It believes only messages from
// Discord's own origins (its allow-list: discord.com, ptb./canary., discordapp.com, …), so a
// parent that merely looks like Discord gets the handshake, but its READY is not taken: no
// AUTHORIZE, no code exchanged. The SDK is made only here, in login(), which app.js calls only
// in an Activity: a Telegram Mini App or the local page never starts it.
'use strict';

window.SchockenDiscord = (() => {
  const query = new URLSearchParams(location.search);

  /** Discord opens an Activity with these in the address. */
  function inActivity() {
    return query.has('frame_id') && query.has('instance_id');
  }

  /**
   * Logs in: asks Discord for a code, has the bot exchange it (`base`/api/discord/token),
   * authenticates the SDK with the token, and returns the session request's `auth`.
   */
  /** Loads the vendored SDK once (through Discord's proxy, as every request of the page). */
  function loadSdk(base) {
    if (window.DiscordSDKBundle) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const script = document.createElement('script');
      script.src = `${base}/vendor/discord-sdk.js`;
      script.onload = () => resolve();
      script.onerror = () => reject(new Error("Discord's SDK did not load"));
      document.head.appendChild(script);
    });
  }

  async function login(base, clientId) {
    await loadSdk(base);
    const bundle = window.DiscordSDKBundle;
    if (!bundle || typeof bundle.DiscordSDK !== 'function') throw new Error("Discord's SDK is not loaded");
    // Reads frame_id, instance_id and platform from the address and sends the handshake.
    const sdk = new bundle.DiscordSDK(clientId);
    await sdk.ready();
    const { code } = await sdk.commands.authorize({
      client_id: clientId, response_type: 'code', state: '', prompt: 'none', scope: ['identify'],
    });
    const response = await fetch(`${base}/api/discord/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code }),
    });
    const answer = await response.json().catch(() => ({}));
    if (!response.ok) throw new Error(answer.error || 'token');
    await sdk.commands.authenticate({ access_token: answer.access_token });
    return {
      auth: { kind: 'discord', access_token: answer.access_token, instance_id: sdk.instanceId },
      // The SDK's AUTHENTICATE answer names the user without a locale (its schema has none and
      // drops what it does not know), so the page names no language and the server takes the
      // account's locale from Discord (`GET /users/@me`).
      locale: null,
    };
  }

  return { inActivity, login };
})();
