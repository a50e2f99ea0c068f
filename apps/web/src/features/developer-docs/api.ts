import { useQuery } from '@tanstack/react-query';
import { JAR_URL } from './content/library';

export interface JarInfo {
  sizeBytes: number | null;
}

/** Checks that the jar is published (HEAD on the media area) and reads its size for the card. */
export async function fetchJarInfo(): Promise<JarInfo> {
  const response = await fetch(JAR_URL, { method: 'HEAD' });
  if (!response.ok) throw new Error('The Java library download is not available right now. Try again later.');
  const length = response.headers.get('content-length');
  return { sizeBytes: length ? Number(length) : null };
}

export function useJarInfo() {
  return useQuery({ queryKey: ['developer-docs', 'jar'], queryFn: fetchJarInfo, staleTime: 5 * 60_000 });
}
