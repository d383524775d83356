// The cross-origin sub-frame's script (`conformance/frame.js`), loaded by `conformance/frame.html`.
import { FRAME_MESSAGES, probeFrame } from './frame-probe.js';

void probeFrame(new URLSearchParams(location.search).get('kind') ?? 'cross-origin', FRAME_MESSAGES);
