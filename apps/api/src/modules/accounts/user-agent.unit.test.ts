import { describe, expect, it } from 'vitest';
import { describeUserAgent, deviceInWords } from './user-agent.js';

describe('describeUserAgent', () => {
  it('names browser and system, and a family without versions', () => {
    const chrome131 = describeUserAgent(
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    );
    const chrome132 = describeUserAgent(
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/132.0.0.0 Safari/537.36',
    );
    expect(chrome131).toEqual({
      browser: 'Chrome 131',
      os: 'Linux',
      deviceType: 'desktop',
      family: 'Chrome|Linux',
    });
    expect(chrome132.family).toBe(chrome131.family);
    expect(deviceInWords(chrome131)).toBe('Chrome 131 on Linux');
    const firefox = describeUserAgent(
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:120.0) Gecko/20100101 Firefox/120.0',
    );
    expect(deviceInWords(firefox)).toBe('Firefox 120 on Windows 10');
    expect(firefox.family).not.toBe(chrome131.family);
  });

  it('an empty or unknown agent is described honestly, never thrown at', () => {
    expect(describeUserAgent('')).toEqual({ browser: null, os: null, deviceType: null, family: '' });
    const curl = describeUserAgent('curl/8.5.0');
    expect(deviceInWords(curl)).toBe('an unknown browser');
    expect(curl.family).toBe('curl/8.5.0');
  });
});
