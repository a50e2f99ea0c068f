// Builds the Java library with the JDK alone (no Maven Central here): `node sdks/java/build.mjs`
// compiles src/main with Javadoc lint as errors, packs build/key-manager-<version>.jar and copies it
// to apps/api/media/, where GET /media/<name>.jar serves it. `node sdks/java/build.mjs test` also
// compiles the JUnit 5 tests and the documentation examples and runs them with Debian's junit5.
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';

const here = import.meta.dirname;
const build = path.join(here, 'build');
const media = path.resolve(here, '../../apps/api/media');
const junit = process.env.JUNIT_STANDALONE_JAR ?? '/usr/share/java/junit-platform-console-standalone.jar';

const source = readFileSync(
  path.join(here, 'src/main/java/dev/northwind/keymanager/KeyManager.java'),
  'utf8',
);
export const version = /VERSION = "([^"]+)"/.exec(source)?.[1];
if (!version) throw new Error('KeyManager.VERSION not found');

function javaFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.java'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

function run(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.error) throw result.error;
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function buildJar() {
  const classes = path.join(build, 'classes');
  rmSync(classes, { recursive: true, force: true });
  mkdirSync(classes, { recursive: true });
  // -Xdoclint:all/protected with -Werror fails the build when a public API lacks Javadoc.
  run('javac', [
    '--release',
    '11',
    '-encoding',
    'UTF-8',
    '-Xlint:all',
    '-Xdoclint:all/protected',
    '-Werror',
    '-d',
    classes,
    ...javaFiles(path.join(here, 'src/main/java')),
  ]);
  const manifest = path.join(build, 'MANIFEST.MF');
  writeFileSync(
    manifest,
    [
      'Implementation-Title: Key Manager Java library',
      `Implementation-Version: ${version}`,
      'Automatic-Module-Name: dev.northwind.keymanager',
      '',
    ].join('\n'),
  );
  const jar = path.join(build, `key-manager-${version}.jar`);
  rmSync(jar, { force: true });
  run('jar', ['--create', '--file', jar, '--manifest', manifest, '-C', classes, '.']);
  mkdirSync(media, { recursive: true });
  copyFileSync(jar, path.join(media, `key-manager-${version}.jar`));
  // The unversioned name always points at the newest build, for links that should not change.
  copyFileSync(jar, path.join(media, 'key-manager.jar'));
  console.log(`Java library: ${path.relative(process.cwd(), jar)} (copied to apps/api/media/)`);
  return classes;
}

function test(classes) {
  if (!existsSync(junit)) {
    console.error(`JUnit 5 not found at ${junit}: apt-get install junit5`);
    process.exit(1);
  }
  const testClasses = path.join(build, 'test-classes');
  rmSync(testClasses, { recursive: true, force: true });
  mkdirSync(testClasses, { recursive: true });
  const classpath = [classes, junit].join(path.delimiter);
  // The documentation examples are compiled here too, so a page never shows code that does not build.
  run('javac', [
    '--release',
    '11',
    '-encoding',
    'UTF-8',
    '-Xlint:all',
    '-Werror',
    '-cp',
    classpath,
    '-d',
    testClasses,
    ...javaFiles(path.join(here, 'src/test/java')),
    ...javaFiles(path.join(here, 'examples')),
  ]);
  run('java', [
    '-jar',
    junit,
    '--disable-banner',
    '--details=tree',
    '--disable-ansi-colors',
    '--fail-if-no-tests',
    '-cp',
    [classes, testClasses].join(path.delimiter),
    '--select-package',
    'dev.northwind.keymanager',
  ]);
}

function hasJdk() {
  const probe = spawnSync('javac', ['-version'], { stdio: 'ignore' });
  return !probe.error && probe.status === 0;
}

if (import.meta.main || process.argv[1] === import.meta.filename) {
  // A server without a JDK still builds and starts; only the jar download is missing (the page says
  // so). Tests need the JDK and fail loudly without it.
  if (process.argv[2] !== 'test' && !hasJdk()) {
    console.warn('Java library: javac not found, jar not built (install a JDK, e.g. default-jdk-headless)');
    process.exit(0);
  }
  const classes = buildJar();
  if (process.argv[2] === 'test') test(classes);
}
