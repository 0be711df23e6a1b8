#!/usr/bin/env bash
# Rebuilds adapters/web/static/vendor/discord-sdk.js: Discord's Embedded App SDK
# (@discord/embedded-app-sdk) as one classic script that sets window.DiscordSDKBundle
# ({ DiscordSDK, Events, Platform, RPCCloseCodes, RPCErrorCodes, version }), so the page needs
# no build step at run time and the server embeds it like its other files (include_str!).
#
# The versions are pinned in tools/web/discord-sdk/package.json (exact) and its
# package-lock.json (every package with its integrity hash); the bundle's exports in
# tools/web/discord-sdk/entry.mjs. The script copies those three files to a temporary
# directory, installs them there (`npm ci`, no install scripts), bundles with the pinned esbuild
# and writes the file with a header naming the package, the versions and this script. The same
# inputs give the same bytes.
#
# To move to a newer SDK: change the version in tools/web/discord-sdk/package.json, run
# `npm install --package-lock-only --prefix tools/web/discord-sdk`, then this script, then
# `cargo test -p schocken-web --test activity` (the test's fake Discord client checks the
# handshake's sdk_version against the pin).
#
# Usage: tools/web/vendor-discord-sdk.sh            write the file
#        tools/web/vendor-discord-sdk.sh --check    only tell whether the committed file is
#                                                   what the pinned inputs build (exit 1 if not)
# Needs Node.js (>= 18) and npm with access to the npm registry.
set -euo pipefail
export LC_ALL=C

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
inputs="$root/tools/web/discord-sdk"
out="$root/adapters/web/static/vendor/discord-sdk.js"
check=false
case "${1:-}" in
  "") ;;
  --check) check=true ;;
  *) echo "usage: $0 [--check]" >&2; exit 2 ;;
esac

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp "$inputs/package.json" "$inputs/package-lock.json" "$inputs/entry.mjs" "$work/"
(cd "$work" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error >/dev/null)

sdk_version="$(node -p "require('$work/node_modules/@discord/embedded-app-sdk/package.json').version")"
esbuild_version="$(node -p "require('$work/node_modules/esbuild/package.json').version")"

# One IIFE; its `var DiscordSDKBundle` at the top level of a classic script is the global.
# Legal comments (licence notes of the bundled code) go to the end of the file.
(cd "$work" && node_modules/.bin/esbuild entry.mjs \
  --bundle --format=iife --global-name=DiscordSDKBundle --platform=browser --target=es2020 \
  --minify --legal-comments=eof --charset=ascii --log-level=warning --outfile=bundle.js)

{
  echo "// @discord/embedded-app-sdk $sdk_version (https://github.com/discord/embedded-app-sdk),"
  echo "// bundled with esbuild $esbuild_version by tools/web/vendor-discord-sdk.sh from"
  echo "// tools/web/discord-sdk/ (package.json, package-lock.json, entry.mjs): do not edit, rerun it."
  echo "// Sets window.DiscordSDKBundle = { DiscordSDK, Events, Platform, RPCCloseCodes, RPCErrorCodes, version }."
  echo "// It contains the SDK's own copies (its output/lib) of: $(ls "$work/node_modules/@discord/embedded-app-sdk/output/lib" | paste -sd, - | sed 's/,/, /g')."
  echo "//"
  sed 's|^|// |; s| *$||' "$work/node_modules/@discord/embedded-app-sdk/LICENSE.md"
  cat "$work/bundle.js"
} >"$work/discord-sdk.js"

if $check; then
  if cmp -s "$work/discord-sdk.js" "$out"; then
    echo "$out is what @discord/embedded-app-sdk $sdk_version and esbuild $esbuild_version build"
  else
    echo "$out differs from what @discord/embedded-app-sdk $sdk_version and esbuild $esbuild_version build; run $0" >&2
    exit 1
  fi
else
  mkdir -p "$(dirname "$out")"
  cp "$work/discord-sdk.js" "$out"
  echo "wrote $out ($(wc -c <"$out") bytes): @discord/embedded-app-sdk $sdk_version, esbuild $esbuild_version"
fi
