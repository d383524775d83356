// Bundles the SDK for a plain <script> tag: `dist/today-bridge.js`, whose `window.TodayBridge`
// exposes what index.js exports. The host scripts and the testing entry are not part of it.
//
// Usage: node scripts/bundle.mjs <compiled src folder> <output folder>
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { joinModules } from './bundle-modules.mjs';

const [compiled, out] = process.argv.slice(2);
const body = joinModules(compiled, 'index.js');
const api = 'TodayBridge, BridgeError, createBridgeFetch, bridge, bridgeFetch, VERSION';
writeFileSync(join(out, 'today-bridge.js'), `(function () {\n'use strict';\n${body}\nwindow.TodayBridge = Object.freeze({ ${api} });\n})();\n`);
