import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_MEDIA_DIR } from '../media/routes.js';

export const repoRoot = path.resolve(import.meta.dirname, '../../../../..');
const javaDir = path.join(repoRoot, 'sdks/java');

/** `npm test` builds the jar before the suites; a lone run of a test file builds it here. */
export function ensureJarBuilt(): void {
  const built =
    existsSync(path.join(DEFAULT_MEDIA_DIR, 'key-manager.jar')) &&
    readdirSync(DEFAULT_MEDIA_DIR).some((name) => name.endsWith('-javadoc.jar'));
  if (built) return;
  const build = spawnSync(process.execPath, [path.join(javaDir, 'build.mjs')], { encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`Java build failed: ${build.stdout}${build.stderr}`);
}

/**
 * Downloads the jar from the running server, as a developer would, and compiles the given Java
 * sources against it. Returns the classpath to run them with.
 */
export async function downloadAndCompile(baseUrl: string, sourceDirs: string[]): Promise<string> {
  const work = mkdtempSync(path.join(tmpdir(), 'key-manager-java-'));
  const response = await fetch(`${baseUrl}/media/key-manager.jar`);
  if (response.status !== 200) throw new Error(`jar download answered ${response.status}`);
  const jar = path.join(work, 'key-manager.jar');
  writeFileSync(jar, Buffer.from(await response.arrayBuffer()));
  const sources = sourceDirs.flatMap((dir) =>
    readdirSync(path.join(javaDir, dir))
      .filter((name) => name.endsWith('.java'))
      .map((name) => path.join(javaDir, dir, name)),
  );
  const classes = path.join(work, 'classes');
  const compiled = spawnSync('javac', ['--release', '17', '-cp', jar, '-d', classes, ...sources], {
    encoding: 'utf8',
  });
  if (compiled.status !== 0) throw new Error(`javac failed: ${compiled.stderr}`);
  return [jar, classes].join(path.delimiter);
}

export interface JavaRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a compiled Java program. Asynchronous on purpose: the test server lives in this process, so a
 * blocking spawnSync would stop it from answering the program's calls.
 */
export function runJava(
  classpath: string,
  main: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<JavaRun> {
  return new Promise((resolve, reject) => {
    // C1 only: these programs live for a second, so JIT warm-up would only cost start-up time.
    const child = spawn('java', ['-XX:TieredStopAtLevel=1', '-cp', classpath, main, ...args], {
      env: { ...process.env, ...env },
      timeout: 60_000,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}
