import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { ensureJarBuilt, repoRoot } from './java-kit.test.js';

// The Maven artifacts of the Java library as served from /media: the jar, sources jar, javadoc jar
// and POM must describe one and the same dev.northwind:key-manager:<version>.
const version = /VERSION = "([^"]+)"/.exec(
  readFileSync(
    path.join(repoRoot, 'sdks/java/src/main/java/dev/northwind/keymanager/KeyManager.java'),
    'utf8',
  ),
)?.[1];
const base = `key-manager-${version}`;
const run = promisify(execFile);

let server: TestServer;
let work: string;

beforeAll(async () => {
  ensureJarBuilt();
  server = await startTestServer();
  work = mkdtempSync(path.join(tmpdir(), 'key-manager-artifacts-'));
  for (const name of [
    `${base}.jar`,
    `${base}-sources.jar`,
    `${base}-javadoc.jar`,
    `${base}.pom`,
    'key-manager.jar',
  ]) {
    const response = await fetch(`${server.baseUrl}/media/${name}`);
    expect(response.status, name).toBe(200);
    writeFileSync(path.join(work, name), Buffer.from(await response.arrayBuffer()));
  }
  // Asynchronous: the server lives in this process and must not be blocked.
  for (const name of [`${base}.jar`, `${base}-sources.jar`, `${base}-javadoc.jar`]) {
    const dir = path.join(work, name.replace('.jar', ''));
    mkdirSync(dir);
    await run('jar', ['xf', path.join(work, name)], { cwd: dir });
  }
}, 60_000);

afterAll(async () => {
  await server?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

const read = (...parts: string[]) => readFileSync(path.join(work, ...parts), 'utf8');
const tag = (xml: string, name: string) =>
  new RegExp(`<project[^]*?<${name}>([^<]+)</${name}>`).exec(xml)?.[1];
/** Every file under a folder, relative to it, with forward slashes. */
const files = (dir: string) =>
  readdirSync(path.join(work, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) =>
      path.relative(path.join(work, dir), path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
    );

describe('the Java library artifacts served from /media', () => {
  it('the POM names dev.northwind:key-manager at the library version, with no dependencies', () => {
    const pom = read(`${base}.pom`);
    expect(tag(pom, 'groupId')).toBe('dev.northwind');
    expect(tag(pom, 'artifactId')).toBe('key-manager');
    expect(tag(pom, 'version')).toBe(version);
    expect(tag(pom, 'packaging')).toBe('jar');
    expect(pom).not.toContain('<dependencies>');
    expect(pom).toContain('<maven.compiler.release>17</maven.compiler.release>');
  });

  it('the jar carries the same POM and coordinates, the version, and Java 17 classes', () => {
    const jar = base;
    const maven = [jar, 'META-INF/maven/dev.northwind/key-manager'];
    expect(read(...maven, 'pom.xml')).toBe(read(`${base}.pom`));
    expect(read(...maven, 'pom.properties')).toBe(
      `groupId=dev.northwind\nartifactId=key-manager\nversion=${version}\n`,
    );
    expect(read(jar, 'META-INF/MANIFEST.MF')).toContain(`Implementation-Version: ${version}`);
    const classFile = readFileSync(path.join(work, jar, 'dev/northwind/keymanager/KeyManager.class'));
    // Class-file major version 61 is Java 17.
    expect(classFile.readUInt16BE(6)).toBe(61);
    expect(
      readFileSync(path.join(work, `${base}.jar`)).equals(readFileSync(path.join(work, 'key-manager.jar'))),
    ).toBe(true);
  });

  it('the sources jar has the source of every class in the jar, at the same version', () => {
    const classes = files(base)
      .filter((name) => name.endsWith('.class') && !name.includes('$'))
      .map((name) => name.replace(/\.class$/, '.java'));
    expect(classes).toContain('dev/northwind/keymanager/ActivationLimitReachedException.java');
    expect(
      files(`${base}-sources`)
        .filter((name) => name.endsWith('.java'))
        .sort(),
    ).toEqual(classes.sort());
    expect(read(`${base}-sources`, 'META-INF/MANIFEST.MF')).toContain(`Implementation-Version: ${version}`);
  });

  it('the javadoc jar documents every public class of this version', () => {
    const pages = files(`${base}-javadoc`);
    expect(pages).toContain('index.html');
    for (const name of [
      'KeyManager',
      'RequestRefusedException',
      'ActivationLimitReachedException',
      'KeyDisabledException',
      'PaymentRequiredException',
      'NoPlanException',
      'WebhookSignature',
    ]) {
      expect(pages).toContain(`dev/northwind/keymanager/${name}.html`);
    }
    expect(read(`${base}-javadoc`, 'index.html')).toContain(`<title>Key Manager ${version}</title>`);
    expect(read(`${base}-javadoc`, 'dev/northwind/keymanager/KeyManager.html')).toContain('thread-safe');
    expect(read(`${base}-javadoc`, 'META-INF/MANIFEST.MF')).toContain(`Implementation-Version: ${version}`);
  });
});
