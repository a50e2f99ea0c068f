/** Where an S3-compatible bucket is, from STORAGE_URL (decision 039). */
export interface S3Location {
  bucket: string;
  /** `region=` of the URL; us-east-1 when it has none (what MinIO and most S3-compatible stores expect). */
  region: string;
  /** Unset: AWS's own endpoint for the region. */
  endpoint?: string;
  /** Path-style addressing (`endpoint/bucket/key`), which MinIO and most self-hosted stores need. */
  forcePathStyle: boolean;
}

const EXAMPLE = 's3://my-bucket?region=eu-central-1&endpoint=https://s3.example.com&forcePathStyle=true';
const KNOWN = new Set(['region', 'endpoint', 'forcePathStyle']);

/**
 * Reads `s3://bucket?region=…&endpoint=…&forcePathStyle=true`; returns a sentence for the operator
 * instead when the value is not one. Credentials never go in the URL: the SDK reads
 * AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or an instance role).
 */
export function parseStorageUrl(value: string): S3Location | string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `STORAGE_URL is not a URL; write it as ${EXAMPLE}`;
  }
  if (url.protocol !== 's3:') return `STORAGE_URL must start with s3:// (for example ${EXAMPLE})`;
  if (url.username || url.password) {
    return 'STORAGE_URL must not hold credentials; set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY instead';
  }
  const bucket = url.hostname;
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    return `STORAGE_URL names no valid bucket ("${bucket}"): 3 to 63 lower-case letters, digits, dots and hyphens`;
  }
  if (url.pathname && url.pathname !== '/') return 'STORAGE_URL takes a bucket only, no path after it';
  for (const name of url.searchParams.keys()) {
    if (!KNOWN.has(name))
      return `STORAGE_URL has an unknown setting "${name}" (known: region, endpoint, forcePathStyle)`;
  }
  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  if (endpoint !== undefined && !/^https?:\/\/[^\s/]+/.test(endpoint)) {
    return 'STORAGE_URL endpoint must be an http:// or https:// address';
  }
  const pathStyle = url.searchParams.get('forcePathStyle');
  if (pathStyle !== null && pathStyle !== 'true' && pathStyle !== 'false') {
    return 'STORAGE_URL forcePathStyle must be true or false';
  }
  const region = url.searchParams.get('region') ?? 'us-east-1';
  if (!/^[a-z0-9-]{2,40}$/.test(region)) return `STORAGE_URL region "${region}" is not a region name`;
  return { bucket, region, endpoint, forcePathStyle: pathStyle === 'true' };
}
