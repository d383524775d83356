#!/bin/sh
# Regenerates docs/inspector.png, the README's picture of the traffic inspector: a real
# recording (the end-to-end inspector page, web/e2e/inspector.html, on Android: the Android library
# over the emulation of Android's WebView on Chromium, recorded by `today-bridge open --inspect`)
# rendered by `today-bridge inspect` and shot
# in headless Chromium. `make inspector-screenshot` runs it, after the web SDK's and the tools' builds.
set -eu
cd "$(dirname "$0")/.."
output="$PWD/out/inspector"
rm -rf "$output"
TODAY_BRIDGE_INSPECTOR_OUTPUT="$output" swift test --package-path Tools --skip-build --filter InspectorEndToEndTests
Tools/.build/debug/today-bridge inspect "$output/traffic-android.jsonl" --title "Bridge traffic · web/e2e/inspector.html on Android"
chromium --headless=new --no-sandbox --disable-gpu --hide-scrollbars --window-size=1400,540 \
  --screenshot="$PWD/docs/inspector.png" "file://$output/traffic-android.html"
echo "wrote docs/inspector.png"
