import { PORTAL_STRINGS } from '@app/contract';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { withSlots } from './portal-sentence';

describe('withSlots', () => {
  it('puts elements into a sentence of the strings file and keeps unknown slots as written', () => {
    const { container } = render(
      <p>
        {withSlots(PORTAL_STRINGS.support, {
          contact: <a href="mailto:help@example.com">help@example.com</a>,
        })}
      </p>,
    );
    expect(container.textContent).toBe('Need help? Contact help@example.com.');
    expect(container.querySelector('a')?.getAttribute('href')).toBe('mailto:help@example.com');
    const other = render(<p>{withSlots('{a} and {b}', { a: <b>one</b> })}</p>);
    expect(other.container.textContent).toBe('one and {b}');
  });
});
