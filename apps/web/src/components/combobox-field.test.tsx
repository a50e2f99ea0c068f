import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ComboboxField, type ComboboxOption } from './combobox-field';

const COUNTRIES: ComboboxOption[] = [
  { value: 'AX', label: 'Åland Islands' },
  { value: 'DE', label: 'Germany' },
  { value: 'GB', label: 'United Kingdom' },
  { value: 'US', label: 'United States' },
  { value: 'TZ', label: 'Tanzania, United Republic of' },
];

function Country({ freeText = false, onChange }: { freeText?: boolean; onChange?: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <form onSubmit={(event) => event.preventDefault()}>
      <ComboboxField
        controlId="country"
        label="Country"
        options={COUNTRIES}
        value={value}
        freeText={freeText}
        onChange={(next) => {
          setValue(next);
          onChange?.(next);
        }}
      />
      <output data-testid="value">{value}</output>
    </form>
  );
}

const input = () => screen.getByRole('combobox', { name: 'Country' });
const shownOptions = () => screen.queryAllByRole('option').map((option) => option.textContent);
const key = (name: string) => fireEvent.keyDown(input(), { key: name });

describe('ComboboxField', () => {
  afterEach(cleanup);

  it('filters the list as you type, names that start with the text first', () => {
    render(<Country />);
    expect(input().getAttribute('aria-expanded')).toBe('false');
    fireEvent.change(input(), { target: { value: 'unit' } });
    expect(input().getAttribute('aria-expanded')).toBe('true');
    expect(shownOptions()).toEqual(['United Kingdom', 'United States', 'Tanzania, United Republic of']);
    fireEvent.change(input(), { target: { value: 'aland' } });
    expect(shownOptions()).toEqual(['Åland Islands']);
  });

  it('is used with the keyboard: arrows move, Enter chooses, Escape closes', () => {
    const submitted = vi.fn();
    render(<Country />);
    input().closest('form')?.addEventListener('submit', submitted);
    input().focus();
    fireEvent.change(input(), { target: { value: 'united' } });
    const active = () =>
      document.getElementById(input().getAttribute('aria-activedescendant') ?? '')?.textContent;
    expect(active()).toBe('United Kingdom');
    key('ArrowDown');
    expect(active()).toBe('United States');
    key('ArrowUp');
    key('ArrowDown');
    key('Enter');
    expect(submitted).not.toHaveBeenCalled();
    expect(screen.getByTestId('value').textContent).toBe('US');
    expect(input()).toHaveProperty('value', 'United States');
    expect(input().getAttribute('aria-expanded')).toBe('false');

    key('ArrowDown');
    expect(input().getAttribute('aria-expanded')).toBe('true');
    expect(active()).toBe('United States');
    key('Escape');
    expect(input().getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByTestId('value').textContent).toBe('US');
  });

  it('chooses with the mouse', () => {
    render(<Country />);
    fireEvent.change(input(), { target: { value: 'ger' } });
    fireEvent.click(screen.getByRole('option', { name: 'Germany' }));
    expect(screen.getByTestId('value').textContent).toBe('DE');
  });

  it('without a choice from the list has no value; a name typed in full is a choice', () => {
    render(<Country />);
    fireEvent.change(input(), { target: { value: 'Atlantis' } });
    expect(screen.getByTestId('value').textContent).toBe('');
    fireEvent.change(input(), { target: { value: 'germany' } });
    expect(screen.getByTestId('value').textContent).toBe('DE');
  });

  it('with free text keeps what is typed and suggests from the list', () => {
    render(<Country freeText />);
    fireEvent.change(input(), { target: { value: 'Atlantis' } });
    expect(screen.getByTestId('value').textContent).toBe('Atlantis');
    fireEvent.change(input(), { target: { value: 'united k' } });
    key('Enter');
    expect(screen.getByTestId('value').textContent).toBe('United Kingdom');
  });
});
