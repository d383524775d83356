#!/bin/sh
# Installs the Debian packages the project needs, only when one is missing.
# Usage: scripts/install-deps.sh [package...]   (default: everything `make test` needs)
set -eu

packages="${*:-libwebkitgtk-6.0-dev zlib1g-dev xvfb xauth chromium node-typescript openssl python3 python3-venv openjdk-17-jdk-headless junit4 kotlin libandroid-json-java}"
# npm packs the web SDK; Debian ships it apart from nodejs (NodeSource's nodejs includes it).
[ -n "${*:-}" ] || command -v npm >/dev/null || packages="$packages npm"

missing=""
for package in $packages; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
        missing="$missing $package"
    fi
done

[ -z "$missing" ] && exit 0

echo "Installing:$missing"
if [ "$(id -u)" -ne 0 ]; then
    sudo="sudo"
else
    sudo=""
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -q
# shellcheck disable=SC2086
$sudo apt-get install -y -q --no-install-recommends $missing
