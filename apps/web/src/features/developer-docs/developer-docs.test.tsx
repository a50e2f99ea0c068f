import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import sdkPackageJson from '../../../../../packages/key-manager-js/package.json?raw';
import keyManagerSource from '../../../../../sdks/java/src/main/java/dev/northwind/keymanager/KeyManager.java?raw';
import { COPIED_FEEDBACK_MS } from '../../lib/use-copy-feedback';
import { CodeBox } from './components/code-box';
import { JAVA_LIBRARY_VERSION, TYPESCRIPT_SDK_NAME, TYPESCRIPT_SDK_VERSION } from './content/library';
import { OPERATIONS } from './content/operations';

describe('developer docs', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('links the jar version the Java build publishes', () => {
    expect(/VERSION = "([^"]+)"/.exec(keyManagerSource)?.[1]).toBe(JAVA_LIBRARY_VERSION);
  });

  it('links the TypeScript SDK tarball the build packs', () => {
    const manifest = JSON.parse(sdkPackageJson) as { name: string; version: string };
    expect(manifest.name).toBe(TYPESCRIPT_SDK_NAME);
    expect(manifest.version).toBe(TYPESCRIPT_SDK_VERSION);
  });

  it('documents the Keys operations (the spec’s five, heartbeat, licensing’s five and usage), the deactivate page with the deactivate path', () => {
    expect(OPERATIONS.map((op) => op.id)).toEqual([
      'get-key-information',
      'delete-key',
      'update-activation-count',
      'deactivate-key',
      'mark-key-as-usable',
      'heartbeat',
      'validate-key',
      'start-trial',
      'convert-trial',
      'renew-key',
      'suspend-key',
      'get-usage',
    ]);
    expect(OPERATIONS.find((op) => op.id === 'deactivate-key')?.path).toBe(
      '/api/v1/saas-platform/key-manager/deactivate-key',
    );
    for (const op of OPERATIONS) {
      // The examples shown are the real files, calling the path the page documents.
      expect(op.react.code).toContain(op.path);
      expect(op.java.code).toContain('new KeyManager(');
      expect(op.curl.code).toContain(op.path);
    }
  });

  it('copies the code and shows "Copied!" for about a second', async () => {
    vi.useFakeTimers();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<CodeBox label="Java: Example.java" code="class Example {}" />);

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy Java: Example.java' }));
    });
    expect(writeText).toHaveBeenCalledWith('class Example {}');
    expect(screen.getByRole('button', { name: 'Copy Java: Example.java' }).textContent).toBe('Copied!');

    act(() => {
      vi.advanceTimersByTime(COPIED_FEEDBACK_MS);
    });
    expect(screen.getByRole('button', { name: 'Copy Java: Example.java' }).textContent).toBe('Copy');
    expect(screen.getByRole('region', { name: 'Java: Example.java' }).style.height).toBe('300px');
  });

  it('says so when the copy fails, announced, until the next try', async () => {
    vi.useFakeTimers();
    const writeText = vi
      .fn()
      .mockRejectedValue(new DOMException('Document is not focused.', 'NotAllowedError'));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<CodeBox label="Java: Example.java" code="class Example {}" />);
    const button = () => screen.getByRole('button', { name: 'Copy Java: Example.java' });

    await act(async () => {
      fireEvent.click(button());
    });
    expect(button().textContent).toBe('Copy failed: select the code instead');
    expect(
      screen.getByText('Copy failed: select the code and copy it yourself').getAttribute('aria-live'),
    ).toBe('polite');
    act(() => {
      vi.advanceTimersByTime(COPIED_FEEDBACK_MS * 5);
    });
    expect(button().textContent).toBe('Copy failed: select the code instead');

    writeText.mockResolvedValue(undefined);
    await act(async () => {
      fireEvent.click(button());
    });
    expect(button().textContent).toBe('Copied!');
  });
});
