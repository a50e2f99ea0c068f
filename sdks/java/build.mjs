// Builds the Java library with the JDK alone (no Maven Central here): `node sdks/java/build.mjs`
// compiles src/main for Java 17 with Javadoc lint as errors and writes the Maven artifacts of
// dev.northwind:key-manager:<version> — key-manager-<version>.jar (with the POM inside, under
// META-INF/maven, as Maven does), -sources.jar, -javadoc.jar and .pom — to build/ and apps/api/media/,
// where GET /media/<name> serves them. `node sdks/java/build.mjs test` also compiles the JUnit 5
// tests and the documentation examples and runs them with Debian's junit5.
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
/** The Maven coordinates; `mvn install:install-file -Dfile=key-manager-<version>.jar -DpomFile=key-manager-<version>.pom`. */
export const coordinates = { groupId: 'dev.northwind', artifactId: 'key-manager', version };
const JAVA_RELEASE = '17';

function pom() {
  return `<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0"
         xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
         xsi:schemaLocation="http://maven.apache.org/POM/4.0.0 https://maven.apache.org/xsd/maven-4.0.0.xsd">
  <modelVersion>4.0.0</modelVersion>
  <groupId>${coordinates.groupId}</groupId>
  <artifactId>${coordinates.artifactId}</artifactId>
  <version>${coordinates.version}</version>
  <packaging>jar</packaging>
  <name>Key Manager Java library</name>
  <description>Client of the Key Manager public REST API (licence keys) and webhook signature verifier. No dependencies beyond the JDK.</description>
  <licenses>
    <license>
      <name>MIT License</name>
      <url>https://opensource.org/licenses/MIT</url>
    </license>
  </licenses>
  <properties>
    <maven.compiler.release>${JAVA_RELEASE}</maven.compiler.release>
    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
  </properties>
</project>
`;
}

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

function jar(file, manifest, ...contents) {
  rmSync(file, { force: true });
  run('jar', ['--create', '--file', file, ...(manifest ? ['--manifest', manifest] : []), ...contents]);
}

function buildJar() {
  const classes = path.join(build, 'classes');
  rmSync(classes, { recursive: true, force: true });
  mkdirSync(classes, { recursive: true });
  const sources = javaFiles(path.join(here, 'src/main/java'));
  // -Xdoclint:all/protected with -Werror fails the build when a public API lacks Javadoc.
  run('javac', [
    '--release',
    JAVA_RELEASE,
    '-encoding',
    'UTF-8',
    '-Xlint:all',
    '-Xdoclint:all/protected',
    '-Werror',
    '-d',
    classes,
    ...sources,
  ]);
  // Maven's own layout inside the jar, so tools (and our test) can read its coordinates.
  const { groupId, artifactId } = coordinates;
  const mavenDir = path.join(classes, 'META-INF/maven', groupId, artifactId);
  mkdirSync(mavenDir, { recursive: true });
  writeFileSync(path.join(mavenDir, 'pom.xml'), pom());
  writeFileSync(
    path.join(mavenDir, 'pom.properties'),
    `groupId=${groupId}\nartifactId=${artifactId}\nversion=${version}\n`,
  );
  const manifest = path.join(build, 'MANIFEST.MF');
  writeFileSync(
    manifest,
    [
      'Implementation-Title: Key Manager Java library',
      `Implementation-Version: ${version}`,
      'Implementation-Vendor: Northwind',
      'Automatic-Module-Name: dev.northwind.keymanager',
      '',
    ].join('\n'),
  );
  const base = path.join(build, `${artifactId}-${version}`);
  jar(`${base}.jar`, manifest, '-C', classes, '.');
  jar(`${base}-sources.jar`, manifest, '-C', path.join(here, 'src/main/java'), '.');
  const javadocDir = path.join(build, 'javadoc');
  rmSync(javadocDir, { recursive: true, force: true });
  run('javadoc', [
    '--release',
    JAVA_RELEASE,
    '-encoding',
    'UTF-8',
    '-quiet',
    '-Xdoclint:all,-missing',
    '-d',
    javadocDir,
    '-doctitle',
    `Key Manager Java library ${version}`,
    '-windowtitle',
    `Key Manager ${version}`,
    ...sources,
  ]);
  jar(`${base}-javadoc.jar`, manifest, '-C', javadocDir, '.');
  writeFileSync(`${base}.pom`, pom());
  mkdirSync(media, { recursive: true });
  for (const suffix of ['.jar', '-sources.jar', '-javadoc.jar', '.pom']) {
    copyFileSync(`${base}${suffix}`, path.join(media, `${artifactId}-${version}${suffix}`));
  }
  // The unversioned name always points at the newest build, for links that should not change.
  copyFileSync(`${base}.jar`, path.join(media, 'key-manager.jar'));
  console.log(
    `Java library: ${path.relative(process.cwd(), base)}{.jar,-sources.jar,-javadoc.jar,.pom} (copied to apps/api/media/)`,
  );
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
    JAVA_RELEASE,
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
