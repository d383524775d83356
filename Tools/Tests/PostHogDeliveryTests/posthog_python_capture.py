"""Sends events through PostHog's Python SDK (PyPI `posthog`) to a capture server.

Usage: python posthog_python_capture.py HOST API_KEY < events.json
events.json: a JSON array of {"event", "distinct_id", "uuid", "timestamp", "properties"}.
PostHogPayloadComparisonTests runs it with the same events the sink sends, to compare the two.
"""
import json
import sys

from posthog import Posthog

host, api_key = sys.argv[1], sys.argv[2]
client = Posthog(api_key, host=host, gzip=True, disable_geoip=False)
for event in json.load(sys.stdin):
    client.capture(
        event["event"],
        distinct_id=event["distinct_id"],
        uuid=event["uuid"],
        timestamp=event["timestamp"],
        properties=event["properties"],
    )
client.shutdown()  # sends what is queued, then stops the consumer thread
