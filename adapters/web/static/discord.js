// A Discord Activity's login, spoken straight to the Discord client the page runs in: the
// few messages of the Embedded App SDK's protocol this page needs (a handshake, READY,
// AUTHORIZE, AUTHENTICATE), over postMessage, without loading the SDK itself.
//   handshake  → [0, {v: 1, encoding: 'json', client_id, frame_id}]
//   a command  → [1, {cmd, args, nonce}];  its answer ← [1, {cmd, nonce, data, evt}]
//   READY      ← [1, {cmd: 'DISPATCH', evt: 'READY', …}]
'use strict';

window.SchockenDiscord = (() => {
  const HANDSHAKE = 0;
  const FRAME = 1;
  const CLOSE = 2;
  const query = new URLSearchParams(location.search);

  /** Discord opens an Activity with these in the address. */
  function inActivity() {
    return query.has('frame_id') && query.has('instance_id');
  }

  function fromDiscord(origin) {
    return /^https:\/\/([a-z0-9-]+\.)*discord\.com$/.test(origin) || origin === 'null';
  }

  function client(clientId) {
    const target = window.parent.opener || window.parent;
    const targetOrigin = document.referrer ? new URL(document.referrer).origin : '*';
    const pending = new Map();
    let ready;
    const isReady = new Promise((resolve) => { ready = resolve; });
    let counter = 0;

    window.addEventListener('message', (event) => {
      if (!fromDiscord(event.origin) || !Array.isArray(event.data)) return;
      const [opcode, data] = event.data;
      if (opcode === CLOSE) {
        for (const { reject } of pending.values()) reject(new Error(data && data.message));
        pending.clear();
        return;
      }
      if (opcode !== FRAME || !data) return;
      if (data.cmd === 'DISPATCH') {
        if (data.evt === 'READY') ready();
        return;
      }
      const waiting = pending.get(data.nonce);
      if (!waiting) return;
      pending.delete(data.nonce);
      if (data.evt === 'ERROR') waiting.reject(new Error(data.data && data.data.message));
      else waiting.resolve(data.data);
    });

    target.postMessage([HANDSHAKE, {
      v: 1, encoding: 'json', client_id: clientId, frame_id: query.get('frame_id'),
    }], targetOrigin);

    function command(cmd, args) {
      counter += 1;
      const nonce = `${Date.now().toString(36)}-${counter}`;
      return new Promise((resolve, reject) => {
        pending.set(nonce, { resolve, reject });
        target.postMessage([FRAME, { cmd, args, nonce }], targetOrigin);
      });
    }
    return { isReady, command };
  }

  /**
   * Logs in: asks Discord for a code, has the bot exchange it (`base`/api/discord/token),
   * authenticates the SDK with the token, and returns the session request's `auth`.
   */
  async function login(base, clientId) {
    const discord = client(clientId);
    await discord.isReady;
    const { code } = await discord.command('AUTHORIZE', {
      client_id: clientId, response_type: 'code', state: '', prompt: 'none', scope: ['identify'],
    });
    const response = await fetch(`${base}/api/discord/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code }),
    });
    const answer = await response.json().catch(() => ({}));
    if (!response.ok) throw new Error(answer.error || 'token');
    const auth = await discord.command('AUTHENTICATE', { access_token: answer.access_token });
    return {
      auth: { kind: 'discord', access_token: answer.access_token, instance_id: query.get('instance_id') },
      locale: auth && auth.user && auth.user.locale,
    };
  }

  return { inActivity, login };
})();
