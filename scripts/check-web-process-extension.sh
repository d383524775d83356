#!/bin/sh
# Checks the bridge's WebKitGTK web process extension (lib TodayBridgeGTKWebProcessExtension.so):
# WebKit loads it into web processes that run in its bubblewrap sandbox, which reads only the
# system's library folders (/usr, /lib and their kin), and skips, silently, a module that fails to
# load. So every library it needs must resolve there, and it must need no Swift runtime (the
# toolchain's, outside them, and a runtime in every web process).
# Usage: scripts/check-web-process-extension.sh MODULE
set -eu
module=$1
libraries=$(ldd "$module")
missing=$(printf '%s\n' "$libraries" | grep 'not found' || true)
outside=$(printf '%s\n' "$libraries" | awk '$2 == "=>" { print $3 }' | grep -Ev '^/(usr/)?lib(32|64|x32)?/' || true)
swift=$(nm -D --undefined-only "$module" | grep -i swift || true)
if [ -n "$missing$outside$swift" ]; then
    echo "$module cannot load in WebKit's web process sandbox:" >&2
    printf '%s\n' "$missing" "$outside" "$swift" | grep . >&2
    exit 1
fi
echo "$module: $(printf '%s\n' "$libraries" | grep -c '=>') libraries, all in the sandbox's library folders; no Swift runtime"
