#!/usr/bin/env python3
"""Checks the Android library's Maven publication (`make android-publication-check`, in `make test`).

The publication is Gradle's (android/bridge/build.gradle.kts, `maven-publish`), which cannot run
on this machine (no Gradle, Android SDK or Maven Central here). What this checks:

1. The facts the build publishes: the coordinates and dependency versions of
   android/gradle.properties (`todayBridge.*`), which bridge/build.gradle.kts reads for the
   publication and its dependencies, and the version, TodayBridge.version, read from
   Sources/TodayBridge/Bridge/TodayBridge+Version.swift with the build's pattern and, with
   `--cli`, compared with what `today-bridge --version` prints (the compiled value).
2. The POM: with `--pom FILE` (CI: the one Gradle generated), that file; else the POM Gradle
   generates for those facts (an Android library's `release` component: packaging `aar`,
   androidx.webkit at runtime scope, kotlin-stdlib at compile scope), written here. Either must
   have the coordinates, TodayBridge.version, the project's url and its licence (MIT, the
   repository's LICENSE: todayBridge.url, .licenseName, .licenseUrl), and exactly those two
   dependencies at those versions.
   The validator is checked to refuse POMs that drift (another version, a missing dependency,
   Kotlin's stdlib at the plugin's own version, no licence or another one, no url).
3. Without `--pom`: Maven, offline, resolves the library from a Maven repository laid out as
   Gradle's `publishReleasePublicationToLocalRepository` lays it out (in a temporary folder, with
   a stand-in AAR) for a consumer POM that depends on it. Its two dependencies are excluded there:
   neither androidx.webkit nor Kotlin's stdlib of that version is on this machine (Debian's Maven
   repository has neither); the Android workflow's consumer build resolves them.

Usage: android/scripts/check-publication.py [--cli PATH] [--pom FILE]
"""
import argparse
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path
from xml.etree import ElementTree

ROOT = Path(__file__).resolve().parent.parent.parent
VERSION_SOURCE = ROOT / 'Sources/TodayBridge/Bridge/TodayBridge+Version.swift'
PROPERTIES = ROOT / 'android/gradle.properties'
BUILD = ROOT / 'android/bridge/build.gradle.kts'
# bridge/build.gradle.kts's pattern, in Python's syntax.
VERSION = re.compile(r'public static let version = "([^"\\]+)"')
POM = '{http://maven.apache.org/POM/4.0.0}'


def fail(message):
    print(f'check-publication: {message}', file=sys.stderr)
    sys.exit(1)


def swift_version():
    match = VERSION.search(VERSION_SOURCE.read_text())
    if not match:
        fail(f'{VERSION_SOURCE} has no `public static let version = "…"`')
    return match.group(1)


def properties():
    facts = {}
    for line in PROPERTIES.read_text().splitlines():
        line = line.strip()
        if line.startswith('todayBridge.') and '=' in line:
            key, value = line.split('=', 1)
            facts[key[len('todayBridge.'):].strip()] = value.strip()
    for key in ('groupId', 'artifactId', 'androidxWebkit', 'kotlinLevel', 'kotlinStdlib', 'url', 'licenseName', 'licenseUrl'):
        if not facts.get(key):
            fail(f'{PROPERTIES} has no todayBridge.{key}')
    return facts


def check_build_reads(facts):
    """bridge/build.gradle.kts takes each fact from the properties and the version from Swift, writing none itself."""
    build = BUILD.read_text()
    needed = [
        'publication("groupId")', 'publication("artifactId")', 'version = todayBridgeVersion',
        '"androidx.webkit:webkit:${publication("androidxWebkit")}"', 'coreLibrariesVersion = publication("kotlinStdlib")',
        'languageVersion.set(KotlinVersion.fromVersion(publication("kotlinLevel")))',
        'apiVersion.set(KotlinVersion.fromVersion(publication("kotlinLevel")))',
        'TodayBridge+Version.swift', 'from(components["release"])', 'singleVariant("release")',
        'url.set(publication("url"))', 'name.set(publication("licenseName"))', 'url.set(publication("licenseUrl"))',
    ]
    missing = [text for text in needed if text not in build]
    if missing:
        fail(f'{BUILD} no longer reads the publication as this check expects: {missing}')
    if 'maven(' in build and 'name = "local"' not in build:
        fail(f'{BUILD}: the publication\'s repository is not `local` (android/build/repo)')
    written = re.findall(r'androidx\.webkit:webkit:\d', build)
    if written:
        fail(f'{BUILD} writes androidx.webkit\'s version itself ({written}): take todayBridge.androidxWebkit')


def expected(facts, version):
    return {
        'groupId': facts['groupId'], 'artifactId': facts['artifactId'], 'version': version, 'packaging': 'aar',
        'url': facts['url'], 'licenses': [(facts['licenseName'], facts['licenseUrl'])],
        'dependencies': {
            ('androidx.webkit', 'webkit'): (facts['androidxWebkit'], 'runtime'),
            ('org.jetbrains.kotlin', 'kotlin-stdlib'): (facts['kotlinStdlib'], 'compile'),
        },
    }


def render(facts, version):
    """The POM Gradle's maven-publish writes for the `release` component of an Android library."""
    dependencies = ''.join(f'''
    <dependency>
      <groupId>{group}</groupId>
      <artifactId>{artifact}</artifactId>
      <version>{dependency_version}</version>
      <scope>{scope}</scope>
    </dependency>''' for (group, artifact), (dependency_version, scope) in sorted(expected(facts, version)['dependencies'].items(), key=lambda item: item[1][1] == 'runtime'))
    return f'''<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://maven.apache.org/POM/4.0.0 https://maven.apache.org/xsd/maven-4.0.0.xsd">
  <!-- This module was also published with a richer model, Gradle metadata,  -->
  <!-- which should be used instead. Do not delete the following line which  -->
  <!-- is to indicate to Gradle or any Gradle module metadata file consumer  -->
  <!-- that they should prefer consuming it instead. -->
  <!-- do_not_remove: published-with-gradle-metadata -->
  <modelVersion>4.0.0</modelVersion>
  <groupId>{facts['groupId']}</groupId>
  <artifactId>{facts['artifactId']}</artifactId>
  <version>{version}</version>
  <packaging>aar</packaging>
  <name>Today WebView Bridge for Android</name>
  <url>{facts['url']}</url>
  <licenses>
    <license>
      <name>{facts['licenseName']}</name>
      <url>{facts['licenseUrl']}</url>
      <distribution>repo</distribution>
    </license>
  </licenses>
  <scm>
    <connection>scm:git:{facts['url']}.git</connection>
    <url>{facts['url']}</url>
  </scm>
  <dependencies>{dependencies}
  </dependencies>
</project>
'''


def problems(pom_text, want):
    """What in the POM differs from what must be published; empty when it is right."""
    try:
        project = ElementTree.fromstring(pom_text)
    except ElementTree.ParseError as error:
        return [f'not XML: {error}']
    if project.tag != f'{POM}project':
        return [f'the root is {project.tag}, not a POM 4.0.0 project']
    found = []
    text = lambda element, name: (element.findtext(f'{POM}{name}') or '').strip()
    for name in ('groupId', 'artifactId', 'version', 'packaging'):
        if text(project, name) != want[name]:
            found.append(f'{name} is "{text(project, name)}", not "{want[name]}"')
    if text(project, 'modelVersion') != '4.0.0':
        found.append('modelVersion is not 4.0.0')
    if text(project, 'url') != want['url']:
        found.append(f'url is "{text(project, "url")}", not "{want["url"]}"')
    licenses = [(text(license, 'name'), text(license, 'url')) for license in project.findall(f'{POM}licenses/{POM}license')]
    if licenses != want['licenses']:
        found.append(f'licenses are {licenses}, not {want["licenses"]} (LICENSE, MIT)')
    dependencies = {}
    for dependency in project.findall(f'{POM}dependencies/{POM}dependency'):
        key = (text(dependency, 'groupId'), text(dependency, 'artifactId'))
        dependencies[key] = (text(dependency, 'version'), text(dependency, 'scope') or 'compile')
    for key, (version, scope) in want['dependencies'].items():
        if key not in dependencies:
            found.append(f'no dependency {key[0]}:{key[1]}')
        elif dependencies[key] != (version, scope):
            found.append(f'{key[0]}:{key[1]} is {dependencies[key][0]} ({dependencies[key][1]}), not {version} ({scope})')
    for key in dependencies.keys() - want['dependencies'].keys():
        found.append(f'an unexpected dependency {key[0]}:{key[1]}')
    return found


def check_validator(facts, version):
    """The validator refuses POMs that drift: each must give at least one problem."""
    want = expected(facts, version)
    good = render(facts, version)
    drifted = {
        'another version': good.replace(f'<version>{version}</version>', '<version>0.0.0-drift</version>', 1),
        'no androidx.webkit': re.sub(r'\s*<dependency>\s*<groupId>androidx\.webkit</groupId>.*?</dependency>', '', good, flags=re.S),
        "Kotlin's stdlib at the plugin's version": good.replace(f'<version>{facts["kotlinStdlib"]}</version>', '<version>2.1.0</version>'),
        'another artifact': good.replace(f'<artifactId>{facts["artifactId"]}</artifactId>', '<artifactId>bridge</artifactId>', 1),
        'a jar': good.replace('<packaging>aar</packaging>', '<packaging>jar</packaging>'),
        'no licence': re.sub(r'\s*<licenses>.*?</licenses>', '', good, flags=re.S),
        'another licence': good.replace(f'<name>{facts["licenseName"]}</name>', '<name>Apache License, Version 2.0</name>'),
        'no project url': re.sub(r'\n  <url>[^<]*</url>', '', good, count=1),
    }
    for what, pom in drifted.items():
        if pom == good or not problems(pom, want):
            fail(f'the validator accepts a POM with {what}')


def resolve_offline(facts, version, pom_text):
    """Maven, offline, resolves the library from a repository laid out as Gradle publishes it."""
    if not shutil.which('mvn'):
        fail('mvn is missing (Debian: maven)')
    with tempfile.TemporaryDirectory(prefix='today-publication-') as temporary:
        temporary = Path(temporary)
        group, artifact = facts['groupId'], facts['artifactId']
        folder = temporary / 'repo' / group.replace('.', '/') / artifact / version
        folder.mkdir(parents=True)
        (folder / f'{artifact}-{version}.pom').write_text(pom_text)
        # A stand-in AAR (the real one needs the Android SDK): a zip with a manifest and classes.jar.
        with zipfile.ZipFile(folder / f'{artifact}-{version}.aar', 'w') as aar:
            aar.writestr('AndroidManifest.xml', '<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="today.bridge"/>\n')
            aar.writestr('classes.jar', b'')
        (folder.parent / 'maven-metadata.xml').write_text(f'''<?xml version="1.0" encoding="UTF-8"?>
<metadata><groupId>{group}</groupId><artifactId>{artifact}</artifactId><versioning><latest>{version}</latest><release>{version}</release><versions><version>{version}</version></versions></versioning></metadata>
''')
        consumer = temporary / 'consumer'
        consumer.mkdir()
        exclusions = ''.join(f'<exclusion><groupId>{g}</groupId><artifactId>{a}</artifactId></exclusion>' for g, a in expected(facts, version)['dependencies'])
        # Packaging pom and one plugin execution that needs the dependencies resolved
        # (maven-jar-plugin, which Debian's Maven repository has with all it needs).
        (consumer / 'pom.xml').write_text(f'''<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>sample</groupId><artifactId>consumer</artifactId><version>1</version><packaging>pom</packaging>
  <repositories><repository><id>published</id><url>{(temporary / 'repo').as_uri()}</url></repository></repositories>
  <dependencies><dependency><groupId>{group}</groupId><artifactId>{artifact}</artifactId><version>{version}</version><type>aar</type>
    <exclusions>{exclusions}</exclusions></dependency></dependencies>
  <build><plugins><plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-jar-plugin</artifactId><version>3.3.0</version>
    <executions><execution><id>resolve</id><phase>compile</phase><goals><goal>jar</goal></goals></execution></executions></plugin></plugins></build>
</project>
''')
        (temporary / 'settings.xml').write_text('''<settings><mirrors><mirror><id>debian</id><mirrorOf>central</mirrorOf><url>file:///usr/share/maven-repo</url></mirror></mirrors></settings>
''')
        local = temporary / 'local'
        run = subprocess.run(
            ['mvn', '-o', '-B', '-q', '-s', str(temporary / 'settings.xml'), '-Daether.offline.protocols=file',
             f'-Dmaven.repo.local={local}', 'compile'],
            cwd=consumer, capture_output=True, text=True, timeout=300)
        if run.returncode != 0:
            fail(f'Maven could not resolve {group}:{artifact}:{version} offline:\n{run.stdout}{run.stderr}')
        resolved = local / group.replace('.', '/') / artifact / version
        for suffix in ('pom', 'aar'):
            if not (resolved / f'{artifact}-{version}.{suffix}').is_file():
                fail(f'Maven did not resolve {artifact}-{version}.{suffix} into its local repository')


def main():
    arguments = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    arguments.add_argument('--cli', help='today-bridge, whose --version must be TodayBridge.version as read here')
    arguments.add_argument('--pom', help='a POM to check (the one Gradle generated) instead of writing one and resolving it')
    options = arguments.parse_args()

    version = swift_version()
    if options.cli:
        printed = subprocess.run([options.cli, '--version'], capture_output=True, text=True, check=True).stdout.strip()
        if printed != version:
            fail(f'today-bridge --version prints "{printed}", but {VERSION_SOURCE.name} reads "{version}" with the build\'s pattern')
    facts = properties()
    check_build_reads(facts)
    check_validator(facts, version)
    pom_text = Path(options.pom).read_text() if options.pom else render(facts, version)
    found = problems(pom_text, expected(facts, version))
    if found:
        fail(f'{options.pom or "the POM"}: ' + '; '.join(found))
    if not options.pom:
        resolve_offline(facts, version, pom_text)
    print(f'check-publication: {facts["groupId"]}:{facts["artifactId"]}:{version} (androidx.webkit {facts["androidxWebkit"]}, '
          f'kotlin-stdlib {facts["kotlinStdlib"]}, Kotlin {facts["kotlinLevel"]})' + ('' if options.pom else ', resolved offline'))


if __name__ == '__main__':
    main()
