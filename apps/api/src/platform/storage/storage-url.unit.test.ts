import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { parseStorageUrl } from './storage-url.js';

describe('STORAGE_URL', () => {
  it('reads a bucket with its endpoint, region and path style', () => {
    expect(
      parseStorageUrl(
        's3://uploads?endpoint=http%3A%2F%2F127.0.0.1%3A9000&region=eu-central-1&forcePathStyle=true',
      ),
    ).toEqual({
      bucket: 'uploads',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-central-1',
      forcePathStyle: true,
    });
    expect(parseStorageUrl('s3://my.bucket-1')).toEqual({
      bucket: 'my.bucket-1',
      endpoint: undefined,
      region: 'us-east-1',
      forcePathStyle: false,
    });
  });

  it.each([
    ['https://bucket', /must start with s3:\/\//],
    ['not a url', /is not a URL/],
    ['s3://key:secret@bucket', /must not hold credentials/],
    ['s3://Bad_Bucket', /names no valid bucket/],
    ['s3://bucket/path', /bucket only/],
    ['s3://bucket?endpont=http://x', /unknown setting "endpont"/],
    ['s3://bucket?endpoint=ftp://x', /endpoint must be an http/],
    ['s3://bucket?forcePathStyle=yes', /forcePathStyle must be true or false/],
  ])('refuses %s with a sentence', (value, message) => {
    expect(parseStorageUrl(value)).toMatch(message);
  });

  it('a bad STORAGE_URL stops the start with the reason; unset means local disk', () => {
    expect(() => loadConfig({ STORAGE_URL: 's3://bucket?forcePathStyle=maybe' })).toThrow(
      /STORAGE_URL: STORAGE_URL forcePathStyle must be true or false/,
    );
    expect(loadConfig({}).STORAGE_URL).toBeUndefined();
    expect(loadConfig({ STORAGE_URL: 's3://uploads' }).STORAGE_URL).toMatchObject({ bucket: 'uploads' });
  });
});
