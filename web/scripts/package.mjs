// Packs the web SDK as an installable npm package, from a staged folder (never from web/ itself):
//
//   dist/package/stage/             what the tarball holds, under package/
//     package.json                  written here: version = VERSION, exports, files
//     README.md, LICENSE            web/README.md (for the package's users), ../LICENSE
//     esm/*.js, *.d.ts, *.map       the SDK's modules (tsconfig.package.json, run by build.sh first)
//     src/*.ts                      their sources, which the maps name (sourceRoot ../src/)
//     today-bridge.js               the plain <script> bundle (window.TodayBridge)
//     host/**.js                    the scripts native hosts inject
//     conformance/                  the conformance kit's pages (index.html, kit.js, frame.*)
//   dist/package/today-webview-bridge-<VERSION>.tgz   `npm pack` of the stage
//
// The version is written once, as `TodayBridge.version` in Swift; the generator (`make generate`) writes
// it into src/protocol.generated.ts as VERSION, which this reads. web/package.json carries no version.
//
// Usage: node scripts/package.mjs   (after build.sh's compilation; build.sh runs it)
// Prints the tarball's path on stdout, a summary on stderr.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = dirname(dirname(fileURLToPath(import.meta.url)));
const out = join(web, 'dist/package');
const stage = join(out, 'stage');

function fail(message) {
  console.error(`scripts/package.mjs: ${message}`);
  process.exit(1);
}

/** VERSION from src/protocol.generated.ts: the one written in Swift. */
export function readVersion(source = readFileSync(join(web, 'src/protocol.generated.ts'), 'utf8')) {
  const match = /^export const VERSION = '([^'\\]+)';$/m.exec(source);
  if (!match) throw new Error('src/protocol.generated.ts has no `export const VERSION = \'...\';` (run `make generate`)');
  if (!/^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/.test(match[1])) {
    throw new Error(`VERSION '${match[1]}' in src/protocol.generated.ts is not a semantic version`);
  }
  return match[1];
}

/** The published manifest: web/package.json's identity, the version, and the package's layout. */
export function manifest(development, version) {
  return {
    name: development.name,
    version,
    description: development.description,
    license: development.license,
    keywords: development.keywords,
    homepage: development.homepage,
    repository: development.repository,
    bugs: development.bugs,
    // The testing entry's fake host uses structuredClone (Node 17).
    engines: development.engines,
    type: 'module',
    // The modules only declare and construct; the plain bundle sets window.TodayBridge, so a
    // bundler must keep it when it is imported for that effect.
    sideEffects: ['./today-bridge.js'],
    main: './esm/index.js',
    types: './esm/index.d.ts',
    exports: {
      '.': { types: './esm/index.d.ts', default: './esm/index.js' },
      './testing': { types: './esm/testing.d.ts', default: './esm/testing.js' },
      './host/*': './host/*',
      './conformance/*': './conformance/*',
      './today-bridge.js': './today-bridge.js',
      './package.json': './package.json',
    },
    files: ['esm/', 'src/', 'host/', 'conformance/', 'today-bridge.js', 'README.md', 'LICENSE'],
  };
}

function main() {
  let version;
  try {
    version = readVersion();
  } catch (error) {
    fail(error.message);
  }
  const development = JSON.parse(readFileSync(join(web, 'package.json'), 'utf8'));
  if ('version' in development) {
    fail(`web/package.json has a version (${development.version}); remove it: the version is TodayBridge.version in Swift (VERSION, ${version})`);
  }
  for (const field of ['name', 'description', 'license', 'homepage']) {
    if (typeof development[field] !== 'string') fail(`web/package.json has no ${field}`);
  }
  for (const field of ['keywords', 'repository', 'bugs', 'engines']) {
    if (typeof development[field] !== 'object' || development[field] === null) fail(`web/package.json has no ${field}`);
  }
  for (const built of ['dist/package/stage/esm/index.js', 'dist/package/stage/esm/testing.d.ts', 'dist/today-bridge.js', 'dist/host', 'dist/conformance']) {
    if (!existsSync(join(web, built))) fail(`${built} is missing: run scripts/build.sh`);
  }

  // Everything but esm/ (just compiled) is staged afresh.
  for (const entry of readdirSync(stage)) if (entry !== 'esm') rmSync(join(stage, entry), { recursive: true, force: true });
  for (const entry of readdirSync(out)) if (entry.endsWith('.tgz')) rmSync(join(out, entry));
  mkdirSync(join(stage, 'src'));
  for (const file of readdirSync(join(web, 'src'))) {
    if (file.endsWith('.ts') && statSync(join(web, 'src', file)).isFile()) cpSync(join(web, 'src', file), join(stage, 'src', file));
  }
  cpSync(join(web, 'dist/today-bridge.js'), join(stage, 'today-bridge.js'));
  cpSync(join(web, 'dist/host'), join(stage, 'host'), { recursive: true });
  cpSync(join(web, 'dist/conformance'), join(stage, 'conformance'), { recursive: true });
  // The package's README, written for its users (the development guide, DEVELOPING.md, stays
  // here), and the repository's licence.
  cpSync(join(web, 'README.md'), join(stage, 'README.md'));
  cpSync(join(web, '..', 'LICENSE'), join(stage, 'LICENSE'));
  writeFileSync(join(stage, 'package.json'), JSON.stringify(manifest(development, version), null, 2) + '\n');

  const npm = spawnSync(
    'npm',
    ['pack', '--json', '--pack-destination', out, '--ignore-scripts', '--offline', '--no-audit', '--no-fund', '--no-update-notifier', '--loglevel=warn'],
    { cwd: stage, encoding: 'utf8' },
  );
  if (npm.error) fail(`npm pack: ${npm.error.message}`);
  if (npm.status !== 0) fail(`npm pack failed (${npm.status}):\n${npm.stderr}${npm.stdout}`);
  const [packed] = JSON.parse(npm.stdout);
  const expected = `today-webview-bridge-${version}.tgz`;
  if (packed.filename !== expected) fail(`npm pack wrote ${packed.filename}, expected ${expected}`);
  const tarball = join(out, expected);
  if (!existsSync(tarball)) fail(`${relative(web, tarball)} is missing after npm pack`);
  console.error(`packed ${relative(web, tarball)}: ${packed.entryCount} files, ${packed.size} bytes (${packed.unpackedSize} unpacked)`);
  console.log(tarball);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
