#!/usr/bin/env python3
"""Checks what adopters of the three packages read first (`make package-metadata-check`, in `make test`).

1. The licence: LICENSE at the root, MIT, "The Today WebView Bridge authors"; named by the
   README, the Swift manifest's header, the npm package (`license` and LICENSE in the tarball,
   the same text) and the Android publication (android/gradle.properties; the POM's <licenses>
   is checked by android/scripts/check-publication.py).
2. The Swift package: the README's `.package(url:from:)` line with the repository's URL and
   TodayBridge.version, and its `.product(name:package:)` lines naming library products;
   `.spi.yml` (Swift Package Index, version 1) documenting exactly the library products that
   have a DocC catalog; the CHANGELOG in Keep a Changelog's form ([Unreleased], `## [X.Y.Z] -
   YYYY-MM-DD`, its six section kinds, a link reference for each heading, a "Migrating from"
   section), and TodayBridge.version either released there or above the last release;
   RELEASING.md naming the tag, the three packages and the checks that keep their versions one.
3. The npm package as `npm pack` wrote it (web/dist/package/today-webview-bridge-<VERSION>.tgz):
   package.json with repository, homepage, bugs, keywords and engines (node >= 17, for
   structuredClone), the user's README (not the development guide, web/DEVELOPING.md) whose every
   relative link names a file the tarball holds, and LICENSE.

Exits 1 with every problem found. Usage: scripts/check-packages.py [--tarball FILE]
"""
import argparse
import json
import re
import sys
import tarfile
from pathlib import Path, PurePosixPath

ROOT = Path(__file__).resolve().parent.parent
REPOSITORY = 'https://github.com/today/today-webview-bridge'
SECTIONS = {'Added', 'Changed', 'Deprecated', 'Removed', 'Fixed', 'Security'}
# Products with a catalog the Index cannot build: Linux's, over WebKitGTK, which its builders lack.
UNDOCUMENTED_ON_THE_INDEX = {'TodayBridgeGTK'}
SEMVER = r'\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?'
problems = []


def check(condition, message):
    if not condition:
        problems.append(message)
    return condition


def read(relative):
    path = ROOT / relative
    return path.read_text(encoding='utf-8') if check(path.is_file(), f'{relative} is missing') else ''


def swift_version():
    match = re.search(r'public static let version = "([^"\\]+)"', read('Sources/TodayBridge/Bridge/TodayBridge+Version.swift'))
    return match.group(1) if match else '?'


def version_key(version):
    return tuple(int(part) for part in version.split('-')[0].split('.'))


def library_products(manifest):
    return set(re.findall(r'\.library\(name:\s*"([^"]+)"', manifest))


def check_licence(licence, readme, manifest):
    check(licence.startswith('MIT License') and 'The Today WebView Bridge authors' in licence
          and 'Permission is hereby granted, free of charge' in licence, 'LICENSE is not the MIT licence of "The Today WebView Bridge authors"')
    check(re.search(r'^## Licen[cs]e\s*$', readme, re.M) and '](LICENSE)' in readme and 'MIT' in readme,
          'README.md names no licence (a "## Licence" section: MIT, linking LICENSE)')
    check(re.search(r'^//.*\bMIT\b.*LICENSE', manifest, re.M), "Package.swift's header names no licence (MIT, LICENSE)")
    properties = read('android/gradle.properties')
    check('todayBridge.licenseName=MIT License' in properties and f'todayBridge.url={REPOSITORY}' in properties,
          'android/gradle.properties does not publish the MIT licence and the repository URL (todayBridge.licenseName, todayBridge.url)')


def check_swift_package(readme, manifest, version):
    products = library_products(manifest)
    wanted = f'.package(url: "{REPOSITORY}.git", from: "{version}")'
    check(wanted in readme, f'README.md lacks `{wanted}` (the repository URL, TodayBridge.version)')
    named = re.findall(r'\.product\(name:\s*"([^"]+)",\s*package:\s*"([^"]+)"\)', readme)
    check(named, 'README.md has no `.product(name:package:)` line')
    for product, package in named:
        check(product in products, f'README.md names the product {product}, which Package.swift does not declare')
        check(package == 'today-webview-bridge', f'README.md: .product(name: "{product}", package: "{package}"): the package is today-webview-bridge (the URL\'s last component)')

    spi = read('.spi.yml')
    check(re.search(r'^version:\s*1\s*$', spi, re.M), '.spi.yml is not version 1')
    documented = set(re.findall(r'^\s*-\s*([A-Za-z]\w*)\s*$', spi.split('documentation_targets:', 1)[-1], re.M)) if 'documentation_targets:' in spi else set()
    catalogs = {path.parent.name for path in (ROOT / 'Sources').glob('*/*.docc')}
    check(documented, '.spi.yml names no documentation_targets')
    for target in documented - products:
        problems.append(f'.spi.yml documents {target}, which is no library product of Package.swift')
    for target in documented - catalogs:
        problems.append(f'.spi.yml documents {target}, which has no DocC catalog')
    for target in (catalogs & products) - documented - UNDOCUMENTED_ON_THE_INDEX:
        problems.append(f'.spi.yml does not document {target}, a product with a DocC catalog')


def check_manifests():
    """Every package builds from a plain `swift build`: no manifest passes unsafe flags (which also
    bar a package from being a dependency), and none joins another package's `package` access with
    `-package-name`; what other packages need from the libraries is `public` or a named `@_spi`."""
    for manifest in sorted(ROOT.glob('**/Package.swift')):
        relative = manifest.relative_to(ROOT)
        if any(part.startswith('.build') or part == 'node_modules' for part in relative.parts):
            continue
        text = manifest.read_text()
        check('unsafeFlags' not in text, f'{relative} passes unsafe flags')
        check('-package-name' not in text, f'{relative} joins another package with -package-name')


def check_changelog(changelog, version):
    check(changelog.startswith('# Changelog\n'), 'CHANGELOG.md does not begin with "# Changelog"')
    check('https://keepachangelog.com/en/1.1.0/' in changelog, 'CHANGELOG.md does not say it follows Keep a Changelog 1.1.0')
    headings = re.findall(r'^## (.*)$', changelog, re.M)
    check(headings[:1] == ['[Unreleased]'], 'CHANGELOG.md: the first version heading is not "## [Unreleased]"')
    released = []
    for heading in headings[1:]:
        match = re.fullmatch(rf'\[({SEMVER})\] - (\d{{4}}-\d{{2}}-\d{{2}})', heading)
        if check(match, f'CHANGELOG.md: "## {heading}" is not "## [X.Y.Z] - YYYY-MM-DD"'):
            released.append(match.group(1))
    check(released == sorted(released, key=version_key, reverse=True), 'CHANGELOG.md: releases are not newest first')
    for section in re.findall(r'^### (.*)$', changelog, re.M):
        check(section in SECTIONS or section.startswith('Migrating from '),
              f'CHANGELOG.md: "### {section}" is none of {sorted(SECTIONS)} (nor "Migrating from …")')
    check(re.search(r'^### Migrating from 0\.1\s*$', changelog, re.M), 'CHANGELOG.md has no "### Migrating from 0.1" section')
    references = dict(re.findall(r'^\[([^\]]+)\]:\s*(\S+)\s*$', changelog, re.M))
    check(references.get('Unreleased', '').startswith(f'{REPOSITORY}/compare/'), 'CHANGELOG.md: no [Unreleased] link reference comparing with the last release')
    for release in released:
        check(references.get(release, '').startswith(REPOSITORY), f'CHANGELOG.md: no link reference for [{release}]')
    if released and version not in released:
        check(version_key(version) > version_key(released[0]),
              f'TodayBridge.version {version} is neither a release in CHANGELOG.md nor above the last one ({released[0]})')


def check_releasing(releasing):
    for needed, why in [
        ('TodayBridge.version', 'the one version'), ('git tag', 'the tag'), ('@today/webview-bridge', 'the npm package'),
        ('today.bridge:today-bridge-android', 'the Android library'), ('check-publication.py', "the Android version's check"),
        ('check-package.mjs', "the npm version's check"), ('check-packages.py', 'this check'), ('CHANGELOG.md', 'the changelog'),
        ('Keep a Changelog', "the changelog's form"),
    ]:
        check(needed in releasing, f'RELEASING.md does not name {needed} ({why})')


def relative_links(markdown):
    """Every link target of `markdown` outside code: inline links, images, references."""
    text = re.sub(r'^(```|~~~).*?^\1', '', markdown, flags=re.M | re.S)
    text = re.sub(r'(`+)(?!`).*?(?<!`)\1(?!`)', 'code', text, flags=re.S)
    targets = re.findall(r'\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)', text)
    targets += re.findall(r'^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?\s*$', text, re.M)
    targets += re.findall(r'(?:href|src)="([^"]+)"', text)
    return [target for target in targets if not re.match(r'[a-z][a-z0-9+.-]*:', target, re.I) and not target.startswith(('//', '#'))]


def check_tarball(tarball, licence, version):
    if not check(tarball.is_file(), f'{tarball} is missing: run web/scripts/build.sh (make web-package)'):
        return
    with tarfile.open(tarball) as archive:
        files = {member.name: member for member in archive.getmembers() if member.isfile()}
        text = lambda name: archive.extractfile(files[name]).read().decode('utf-8') if name in files else ''
        manifest = json.loads(text('package/package.json') or '{}')
        readme = text('package/README.md')
        check(text('package/LICENSE') == licence, 'the tarball\'s LICENSE is missing or is not the repository\'s')
        check(manifest.get('license') == 'MIT', f'the package\'s license is {manifest.get("license")!r}, not "MIT"')
        check(manifest.get('version') == version, f'the package\'s version is {manifest.get("version")!r}, not TodayBridge.version {version}')
        repository = manifest.get('repository') or {}
        check(isinstance(repository, dict) and repository.get('type') == 'git' and repository.get('url') == f'git+{REPOSITORY}.git'
              and repository.get('directory') == 'web', f'the package\'s repository is {repository!r}')
        check(str(manifest.get('homepage', '')).startswith(REPOSITORY), f'the package\'s homepage is {manifest.get("homepage")!r}')
        check((manifest.get('bugs') or {}).get('url') == f'{REPOSITORY}/issues', f'the package\'s bugs is {manifest.get("bugs")!r}')
        keywords = manifest.get('keywords')
        check(isinstance(keywords, list) and len(keywords) >= 3 and all(isinstance(k, str) and k for k in keywords), f'the package\'s keywords are {keywords!r}')
        node = (manifest.get('engines') or {}).get('node', '')
        check(re.fullmatch(r'>=\s*(1[7-9]|[2-9]\d)(\.\d+)*', node or ''), f'the package\'s engines.node is {node!r}: the testing entry needs structuredClone (>=17)')
        check(readme.startswith('# @today/webview-bridge'), 'the tarball\'s README.md is missing or is not the package\'s')
        check('Developing the web SDK' not in readme, 'the tarball ships the development guide (web/DEVELOPING.md) as its README')
        check(re.search(r'^## Licen[cs]e', readme, re.M) and 'MIT' in readme, 'the package\'s README names no licence')
        for target in relative_links(readme):
            path = target.split('#', 1)[0].split('?', 1)[0]
            resolved = PurePosixPath('package') / path
            parts = []
            for part in resolved.parts:
                if part == '..':
                    parts = parts[:-1]
                elif part != '.':
                    parts.append(part)
            name = '/'.join(parts)
            check(name in files or any(file.startswith(name + '/') for file in files),
                  f'the package\'s README links to {target}, which the tarball does not hold')


def main():
    arguments = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    arguments.add_argument('--tarball', help='the npm package (default: web/dist/package/today-webview-bridge-<TodayBridge.version>.tgz)')
    options = arguments.parse_args()
    version = swift_version()
    licence, readme, manifest = read('LICENSE'), read('README.md'), read('Package.swift')
    check_licence(licence, readme, manifest)
    check_swift_package(readme, manifest, version)
    check_manifests()
    check_changelog(read('CHANGELOG.md'), version)
    check_releasing(read('RELEASING.md'))
    tarball = Path(options.tarball) if options.tarball else ROOT / f'web/dist/package/today-webview-bridge-{version}.tgz'
    check_tarball(tarball.resolve(), licence, version)
    if problems:
        for problem in problems:
            print(f'check-packages: {problem}', file=sys.stderr)
        sys.exit(1)
    print(f'check-packages: LICENSE (MIT) named everywhere; Swift package {version} ({REPOSITORY}); no unsafe flags in any manifest; CHANGELOG, RELEASING, .spi.yml; {tarball.name} metadata and README links')


if __name__ == '__main__':
    main()
