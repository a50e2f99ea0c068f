import type { SecondFactorStep } from '@app/contract';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-error';
import { SecondFactorForm } from './second-factor-form';

afterEach(cleanup);

const step = (methods: SecondFactorStep['methods'], passkey = false): SecondFactorStep => ({
  challenge: 'c',
  methods,
  ...(passkey ? { passkeyOptions: { challenge: 'w', allowCredentials: [] } } : {}),
});

describe('SecondFactorForm', () => {
  it('asks for the app code first, focused, as a one-time code, and sends it without spaces', () => {
    const onProof = vi.fn();
    render(
      <SecondFactorForm step={step(['totp', 'recovery'])} onProof={onProof} pending={false} error={null} />,
    );
    const input = screen.getByLabelText('Code from your authenticator app');
    expect(document.activeElement).toBe(input);
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
    fireEvent.change(input, { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(onProof).toHaveBeenCalledWith({ method: 'totp', code: '123456' });
    expect(screen.queryByRole('button', { name: 'Use a passkey' })).toBeNull();
  });

  it('says what is wrong with a malformed code and sends nothing', () => {
    const onProof = vi.fn();
    render(
      <SecondFactorForm step={step(['totp', 'recovery'])} onProof={onProof} pending={false} error={null} />,
    );
    fireEvent.change(screen.getByLabelText('Code from your authenticator app'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('Enter the 6-digit code from your authenticator app')).toBeTruthy();
    expect(onProof).not.toHaveBeenCalled();
  });

  it('switches to a recovery code and normalises it', () => {
    const onProof = vi.fn();
    render(
      <SecondFactorForm step={step(['totp', 'recovery'])} onProof={onProof} pending={false} error={null} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    const input = screen.getByLabelText('Recovery code');
    expect(document.activeElement).toBe(input);
    fireEvent.change(input, { target: { value: 'ABCDE-FGHJK' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(onProof).toHaveBeenCalledWith({ method: 'recovery', code: 'abcdefghjk' });
  });

  it("offers a passkey when the person has one, and shows the server's refusal", () => {
    render(
      <SecondFactorForm
        step={step(['recovery', 'passkey'], true)}
        onProof={() => undefined}
        pending={false}
        error={new ApiError(401, 'That recovery code is not right, or it was already used')}
      />,
    );
    expect((screen.getByRole('button', { name: 'Use a passkey' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByLabelText('Recovery code')).toBeTruthy();
    expect(screen.getByText('That recovery code is not right, or it was already used')).toBeTruthy();
  });
});
