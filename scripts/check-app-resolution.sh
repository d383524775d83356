#!/bin/sh
# What an app that depends on this package by version resolves (`make app-resolution-check`, part
# of `make test`): the tracked files as they are now, committed and tagged in a scratch repository,
# and two scratch apps that depend on it by that tag, one using `TodayBridge` alone and one with
# the WebKitGTK adapter too. Each must resolve this package and swift-log, and nothing else: what
# the CLI, the demo and the benchmarks need belongs to Tools/.
set -eu
cd "$(dirname "$0")/.."
SWIFT="${SWIFT:-swift}"

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir "$scratch/bridge"
git ls-files -z | xargs -0 tar -cf - | tar -xf - -C "$scratch/bridge"
git -C "$scratch/bridge" init -q
git -C "$scratch/bridge" add -A
git -C "$scratch/bridge" -c user.name=check -c user.email=check@localhost commit -q -m "this checkout"
git -C "$scratch/bridge" tag 1.0.0

# app NAME PRODUCTS...: a scratch app using PRODUCTS; prints the identities it resolved.
app() {
    name=$1
    shift
    products=""
    for product in "$@"; do products="$products.product(name: \"$product\", package: \"bridge\"), "; done
    mkdir -p "$scratch/$name/Sources/$name"
    cat > "$scratch/$name/Package.swift" <<EOF
// swift-tools-version: 6.2
import PackageDescription
let package = Package(
    name: "$name",
    dependencies: [.package(url: "file://$scratch/bridge", from: "1.0.0")],
    targets: [.executableTarget(name: "$name", dependencies: [$products])]
)
EOF
    echo 'print("app")' > "$scratch/$name/Sources/$name/main.swift"
    "$SWIFT" package --package-path "$scratch/$name" resolve > "$scratch/$name.log" 2>&1 || { cat "$scratch/$name.log" >&2; exit 1; }
    sed -n 's/.*"identity" : "\([^"]*\)".*/\1/p' "$scratch/$name/Package.resolved" | sort | tr '\n' ' '
}

status=0
for case in "core TodayBridge" "gtk TodayBridge TodayBridgeGTK"; do
    # shellcheck disable=SC2086
    resolved=$(app $case)
    if [ "$resolved" = "bridge swift-log " ]; then
        echo "app-resolution: an app using ${case#* } resolves: $resolved"
    else
        echo "app-resolution: an app using ${case#* } resolves $resolved(expected: bridge swift-log)" >&2
        status=1
    fi
done
exit $status
