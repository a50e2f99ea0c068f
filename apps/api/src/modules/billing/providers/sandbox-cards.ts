import { SANDBOX_DECLINED_CARD } from '@app/contract';

/**
 * The sandbox provider's one rule for a card it is shown (at checkout and when a saved card is
 * replaced): the test card that always declines, and any number whose Luhn check digit is wrong,
 * are declined, as a real processor declines a typo.
 */
export function sandboxDeclines(cardNumber: string): boolean {
  return cardNumber === SANDBOX_DECLINED_CARD || !luhn(cardNumber);
}

/** Card numbers carry a Luhn check digit. */
function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
