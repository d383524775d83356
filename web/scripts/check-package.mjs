// Checks the packed web SDK as an app gets it (`make web-package-check`, part of `make test`):
//
// 1. the tarball, dist/package/today-webview-bridge-<VERSION>.tgz, holds only what ships (no test/,
//    e2e/, demo/, bench/ nor build scripts), its package.json has no `private` and VERSION as its
//    version, and every source map names a source the tarball holds;
// 2. a scratch app in a temporary folder installs it with `npm install <tarball> --offline` (no
//    registry), compiles a page importing `@today/webview-bridge` and `@today/webview-bridge/testing`
//    with tsc (strict, moduleResolution node16, so the exports map is what resolves), and runs it on
//    Node against the fake host; the `./host/*` and `./today-bridge.js` exports resolve and run, and
//    the main entry's types also resolve for the old `node` resolution (main/types).
//
// 3. the end-to-end, bench and demo pages load the SDK from the unpacked tarball (dist/packed/),
//    so what they exercise is what ships; from dist/ they load nothing else but their own compiled
//    script (the demo's, dist/esm/demo/).
//
// Any failure exits 1 with what broke. The temporary folder is removed either way.
//
// Usage: node scripts/check-package.mjs   (after scripts/build.sh, which packs)
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readVersion } from './package.mjs';

const web = dirname(dirname(fileURLToPath(import.meta.url)));
const version = readVersion();
const tarball = join(web, 'dist/package', `today-webview-bridge-${version}.tgz`);
const failures = [];

function check(condition, message) {
  if (!condition) failures.push(message);
  return condition;
}

/** Runs a command; throws with its output when it fails. */
function run(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', ...options });
  if (result.error) throw new Error(`${command} ${args.join(' ')}: ${result.error.message}`);
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} exited ${result.status}:\n${result.stdout}${result.stderr}`);
  }
  return result.stdout;
}

// 1. The tarball itself.
if (!existsSync(tarball)) {
  console.error(`check-package: ${tarball} is missing: run web/scripts/build.sh (make web-package)`);
  process.exit(1);
}
const entries = run('tar', ['-tzf', tarball]).split('\n').filter(Boolean);
const shipped = /^package\/(?:package\.json|README\.md|LICENSE|today-bridge\.js|host\/[\w/-]+\.js|conformance\/(?:index|kit|frame)\.(?:html|js)|esm\/[\w.-]+\.(?:js|d\.ts|js\.map|d\.ts\.map)|src\/[\w.-]+\.ts)$/;
for (const entry of entries) {
  check(shipped.test(entry), `the tarball holds ${entry}, which is not part of the package`);
  check(!/(?:^|\/)(?:test|e2e|demo|bench|scripts|dist|node_modules)\//.test(entry) && !/\.test\.[jt]s$/.test(entry), `the tarball holds ${entry}, a test or build file`);
}
for (const needed of [
  'package/package.json', 'package/README.md', 'package/LICENSE', 'package/today-bridge.js', 'package/host/android-shim.js',
  'package/conformance/index.html', 'package/conformance/kit.js', 'package/conformance/frame.html', 'package/conformance/frame.js',
  'package/esm/index.js', 'package/esm/index.d.ts', 'package/esm/index.js.map', 'package/esm/index.d.ts.map',
  'package/esm/testing.js', 'package/esm/testing.d.ts', 'package/src/index.ts', 'package/src/testing.ts',
]) {
  check(entries.includes(needed), `the tarball lacks ${needed}`);
}
const manifest = JSON.parse(run('tar', ['-xzOf', tarball, 'package/package.json']));
check(!('private' in manifest), 'the packed package.json has `private`');
check(manifest.name === '@today/webview-bridge', `the packed package.json's name is ${manifest.name}`);
check(manifest.version === version, `the packed package.json's version is ${manifest.version}, not VERSION (${version})`);
for (const entry of entries.filter((entry) => entry.endsWith('.map'))) {
  const map = JSON.parse(run('tar', ['-xzOf', tarball, entry]));
  for (const source of map.sources) {
    const resolved = posix.normalize(posix.join(posix.dirname(entry), map.sourceRoot ?? '', source));
    check(entries.includes(resolved), `${entry} names ${resolved}, which the tarball does not hold`);
  }
}

// 2. A scratch app.
const page = `import { bridge, bridgeFetch, BridgeError, TodayBridge, VERSION } from '@today/webview-bridge';
import type { BuiltInCapabilities, CallOptions } from '@today/webview-bridge';
import { createFakeHost } from '@today/webview-bridge/testing';
import type { FakeHost } from '@today/webview-bridge/testing';

const host: FakeHost = createFakeHost({
  platform: 'android',
  capabilities: {
    headers: () => ({ Authorization: 'Bearer scratch' }),
    greet: (message) => 'Hello, ' + String(message.name),
    fail: () => {
      throw new Error('TodayBridgeError:{"code":"unsupported","message":"not here","recoverable":false}');
    },
  },
});
const options: CallOptions = { timeout: 1000 };
const headers: BuiltInCapabilities['headers']['result'] = await bridge.headers(options);
const greeting = await new TodayBridge().request('greet', { name: 'Ada' }, options);
let code = 'none';
try {
  await bridge.request('fail');
} catch (error) {
  if (error instanceof BridgeError) code = error.code;
}
// @ts-expect-error the declarations are typed: track's parameters are flat
await bridge.track('opened', { nested: { deep: true } });
const fetchThroughBridge: typeof fetch = bridgeFetch;
void fetchThroughBridge;
const version: string = VERSION;
const answer = { platform: bridge.platform, headers, greeting, code, version, sent: host.messages.length };
host.uninstall();
console.log(JSON.stringify(answer));
`;

const resolving = `import { readFileSync } from 'node:fs';
const script = (specifier) => readFileSync(new URL(import.meta.resolve(specifier)), 'utf8');
const shim = new Function('window', 'return ' + script('@today/webview-bridge/host/android-shim.js'));
const window = new EventTarget();
shim(window)({ bindingName: 'todayWebViewBridgeNative', channelName: 'todayWebViewBridge' });
new Function('window', script('@today/webview-bridge/today-bridge.js'))(window);
const manifest = JSON.parse(script('@today/webview-bridge/package.json'));
console.log(JSON.stringify({ bundleVersion: window.TodayBridge.VERSION, manifestVersion: manifest.version }));
`;

const scratch = mkdtempSync(join(tmpdir(), 'today-bridge-package-'));
try {
  if (failures.length === 0) {
    writeFileSync(join(scratch, 'package.json'), JSON.stringify({ name: 'scratch-app', private: true, type: 'module' }, null, 2));
    run('npm', ['install', tarball, '--offline', '--no-audit', '--no-fund', '--no-update-notifier', '--ignore-scripts', '--loglevel=warn', '--cache', join(scratch, '.npm-cache')], { cwd: scratch });
    const installed = JSON.parse(readFileSync(join(scratch, 'node_modules/@today/webview-bridge/package.json'), 'utf8'));
    check(installed.version === version, `npm installed version ${installed.version}`);

    mkdirSync(join(scratch, 'src'));
    writeFileSync(join(scratch, 'src/page.ts'), page);
    const compilerOptions = {
      target: 'ES2020',
      lib: ['ES2020', 'DOM'],
      strict: true,
      skipLibCheck: false,
      noEmitOnError: true,
      types: [],
      rootDir: 'src',
      outDir: 'out',
    };
    writeFileSync(join(scratch, 'tsconfig.json'), JSON.stringify({ compilerOptions: { ...compilerOptions, module: 'node16', moduleResolution: 'node16' }, include: ['src'] }, null, 2));
    run('tsc', ['-p', 'tsconfig.json'], { cwd: scratch });

    const answer = JSON.parse(run('node', ['out/page.js'], { cwd: scratch }));
    const expected = { platform: 'android', headers: { Authorization: 'Bearer scratch' }, greeting: 'Hello, Ada', code: 'unsupported', version, sent: 4 };
    check(JSON.stringify(answer) === JSON.stringify(expected), `the page answered ${JSON.stringify(answer)}, expected ${JSON.stringify(expected)}`);

    writeFileSync(join(scratch, 'resolve.mjs'), resolving);
    const resolved = JSON.parse(run('node', ['resolve.mjs'], { cwd: scratch }));
    check(resolved.bundleVersion === version && resolved.manifestVersion === version, `the host/today-bridge.js exports answered ${JSON.stringify(resolved)}`);

    // The old resolution (main/types), for apps not yet on node16: the main entry's types.
    mkdirSync(join(scratch, 'legacy'));
    writeFileSync(join(scratch, 'legacy/page.ts'), `import { bridge, VERSION } from '@today/webview-bridge';\nexport const platform: string = bridge.platform + VERSION;\n`);
    writeFileSync(join(scratch, 'tsconfig.legacy.json'), JSON.stringify({ compilerOptions: { ...compilerOptions, module: 'ES2020', moduleResolution: 'node', noEmit: true, rootDir: 'legacy' }, include: ['legacy'] }, null, 2));
    run('tsc', ['-p', 'tsconfig.legacy.json'], { cwd: scratch });
  }
} catch (error) {
  failures.push(error.message);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

// 3. The pages the Swift side serves from web/.
for (const folder of ['e2e', 'bench', 'demo']) {
  for (const file of readdirSync(join(web, folder)).filter((name) => name.endsWith('.html'))) {
    const html = readFileSync(join(web, folder, file), 'utf8');
    for (const [, src] of html.matchAll(/<script[^>]*\bsrc="(\/dist\/[^"]+)"/g)) {
      const ownScript = src.startsWith(`/dist/esm/${folder}/`);
      check(src === '/dist/packed/package/today-bridge.js' || ownScript, `${folder}/${file} loads ${src}, not the packed /dist/packed/package/today-bridge.js`);
      check(existsSync(join(web, src)), `${folder}/${file} loads ${src}, which the build did not produce`);
    }
  }
}

if (failures.length > 0) {
  console.error(`check-package: ${tarball} FAILED:\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
console.log(`check-package: ok: ${entries.length} files, installed offline, compiled (node16 and node), ran against the fake host: version ${version}`);
