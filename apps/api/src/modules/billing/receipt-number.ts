/** How a receipt's number (receipt_number_seq, decision 022) is printed: `R-001042`. */
export const formatReceiptNumber = (number: number) => `R-${String(number).padStart(6, '0')}`;
