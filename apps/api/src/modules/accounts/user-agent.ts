import Bowser from 'bowser';

/** What a user agent says about a device, as the Sessions page and the new-device mail name it. */
export interface DeviceDescription {
  /** "Chrome 131"; null when the agent names no known browser. */
  browser: string | null;
  /** "Windows 11", "macOS 14.1", "Android 14"; null when unknown. */
  os: string | null;
  /** desktop, mobile, tablet, tv; null when unknown. */
  deviceType: string | null;
  /**
   * The browser and system without versions ("Chrome|Linux"): updates do not make a device new.
   * An agent bowser does not know is its own family (the whole string).
   */
  family: string;
}

const majorOf = (version: string | undefined) => version?.split('.')[0] ?? '';

export function describeUserAgent(userAgent: string): DeviceDescription {
  // bowser refuses an empty agent (sessions from before the record, scripts that send none).
  if (!userAgent.trim()) return { browser: null, os: null, deviceType: null, family: '' };
  const parsed = Bowser.parse(userAgent);
  const browserName = parsed.browser.name || null;
  const osName = parsed.os.name || null;
  const major = majorOf(parsed.browser.version);
  const osVersion = parsed.os.versionName ?? parsed.os.version;
  return {
    browser: browserName ? [browserName, major].filter(Boolean).join(' ') : null,
    os: osName ? [osName, osVersion].filter(Boolean).join(' ') : null,
    deviceType: parsed.platform.type || null,
    family: browserName || osName ? `${browserName ?? ''}|${osName ?? ''}` : userAgent.trim(),
  };
}

/** "Chrome 131 on Linux", "an unknown browser": how a mail or the audit trail names a device. */
export function deviceInWords(device: DeviceDescription): string {
  if (device.browser && device.os) return `${device.browser} on ${device.os}`;
  return device.browser ?? device.os ?? 'an unknown browser';
}
