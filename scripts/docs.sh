#!/bin/sh
# Builds the DocC archive of every library product with the toolchain's docc (`make docs`, part of
# `make test`): the symbol graphs of the built modules (`swift package dump-symbol-graph`, public
# symbols; the libraries' package and the JNI library's, android/), then each module's catalog
# converted with them. A warning fails it. The archives land in .build/docs/<Module>.doccarchive.
set -eu
cd "$(dirname "$0")/.."

# Each line: a package's folder, then the modules whose catalogs it documents.
catalogs=". TodayBridge TodayBridgeTesting TodayBridgeTypeScript TodayBridgeConformance TodayBridgePostHog TodayBridgeWebKit TodayBridgeGTK
android TodayBridgeJNI"
java_home="${JAVA_HOME:-/usr/lib/jvm/java-17-openjdk-$(dpkg --print-architecture)}"
output=.build/docs

# Symbol extraction reads each module's C dependencies without the targets' flags: WebKitGTK's and
# the JDK's headers come through CPATH.
webkit_headers=$(pkg-config --cflags-only-I webkitgtk-6.0 | sed 's/-I//g; s/ *$//; s/ /:/g')

rm -rf "$output"
mkdir -p "$output"
echo "$catalogs" | while read -r folder modules; do
    graphs=$(cd "$folder" && CPATH="$webkit_headers:$java_home/include:$java_home/include/linux" \
        swift package dump-symbol-graph --minimum-access-level public --emit-extension-block-symbols 2>&1 \
        | sed -n 's/^Files written to //p')
    [ -d "$graphs" ] || { echo "docs: swift package dump-symbol-graph wrote no symbol graphs in $folder" >&2; exit 1; }
    for module in $modules; do
        module_graphs="$output/$module-symbols"
        mkdir -p "$module_graphs"
        cp "$graphs/$module.symbols.json" "$module_graphs"/
        # Extensions of other modules' types (`BridgeCookie+HTTPCookie`) have graphs of their own.
        for extension in "$graphs/$module"@*.symbols.json; do
            [ ! -f "$extension" ] || cp "$extension" "$module_graphs"/
        done
        docc convert "$folder/Sources/$module/$module.docc" \
            --fallback-display-name "$module" --fallback-bundle-identifier "$module" \
            --additional-symbol-graph-dir "$module_graphs" \
            --output-path "$output/$module.doccarchive" --warnings-as-errors
    done
done
