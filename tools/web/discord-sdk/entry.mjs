// What the vendored bundle (adapters/web/static/vendor/discord-sdk.js) gives the page:
// window.DiscordSDKBundle = { DiscordSDK, Events, Platform, RPCCloseCodes, RPCErrorCodes, version }.
// Built by tools/web/vendor-discord-sdk.sh; the page's discord.js uses DiscordSDK.
export { DiscordSDK, Events, Platform, RPCCloseCodes, RPCErrorCodes } from '@discord/embedded-app-sdk';
export { version } from '@discord/embedded-app-sdk/package.json';
