#!/bin/sh
# Installs PostHog's Python SDK (PyPI `posthog`) into a virtual environment under .build/, only when
# it is missing: the PostHog delivery suite sends the same events through it and through the sink
# and compares the two payloads (PostHogPayloadComparisonTests).
# Usage: scripts/install-posthog-python.sh   (prints the environment's python on success)
set -eu

root="$(cd "$(dirname "$0")/.." && pwd)"
venv="$root/.build/posthog-python"

if ! "$venv/bin/python" -c 'import posthog' 2>/dev/null; then
    command -v python3 >/dev/null || "$root/scripts/install-deps.sh" python3
    python3 -m venv "$venv" 2>/dev/null || { "$root/scripts/install-deps.sh" python3-venv && python3 -m venv "$venv"; }
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check posthog >&2
fi
echo "$venv/bin/python"
