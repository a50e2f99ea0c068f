import { BULK_LIMITS } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { readImport, TOO_MANY_ROWS_MESSAGE } from './import-rows.js';

describe('readImport', () => {
  it('reads columns in any order and letter case, with defaults for the ones left out', () => {
    const read = readImport(
      'Max_Activations,KEY,customer_email,is_active,expires_at\r\n' +
        '3,K-1,Ann@Example.com,false,2027-01-31T00:00:00Z\r\n' +
        '0,,,,\r\n' +
        '\r\n',
    );
    expect(read.errors).toEqual([]);
    expect(read.rows).toBe(2);
    expect(read.valid).toEqual([
      expect.objectContaining({
        line: 2,
        key: 'K-1',
        maxActivations: 3,
        isActive: false,
        customerEmail: 'ann@example.com',
        expiresAt: new Date('2027-01-31T00:00:00Z'),
        product: null,
        name: null,
      }),
      expect.objectContaining({ line: 3, key: null, maxActivations: 0, isActive: true, expiresAt: null }),
    ]);
  });

  it('reports every bad value by line and column', () => {
    const read = readImport(
      'key,max_activations,is_active,expires_at,customer_email\n' +
        'K-1,lots,maybe,tomorrow,not-an-email\n' +
        'K-2,,true,,\n' +
        'K-3,-1,,,\n' +
        `${'x'.repeat(129)},1,,,\n` +
        'K-1,2,,,\n' +
        'K-6,1,,\n',
    );
    expect(read.rows).toBe(6);
    expect(read.valid).toEqual([]);
    expect(read.errors).toEqual([
      {
        line: 2,
        field: 'max_activations',
        message: 'Max activations must be a whole number, 0 (unlimited) or more',
      },
      { line: 2, field: 'is_active', message: 'Active must be true or false' },
      {
        line: 2,
        field: 'expires_at',
        message: expect.stringContaining('Expires at must be a date and time'),
      },
      { line: 2, field: 'customer_email', message: 'Customer email is not a valid email' },
      { line: 3, field: 'max_activations', message: 'Max activations is required' },
      {
        line: 4,
        field: 'max_activations',
        message: 'Max activations must be a whole number, 0 (unlimited) or more',
      },
      { line: 5, field: 'key', message: 'Key must be at most 128 characters' },
      { line: 6, field: 'key', message: 'This key is also on line 2' },
      { line: 7, field: null, message: 'This row has 4 values; the header names 5 columns' },
    ]);
  });

  it('refuses an unknown column, a repeated one and a missing max_activations on line 1, reading no rows', () => {
    expect(readImport('key,colour,max_activations\nK-1,red,1\n')).toEqual({
      rows: 1,
      valid: [],
      errors: [
        {
          line: 1,
          field: null,
          message: expect.stringMatching(/^Unknown column "colour"\. The columns are key, name/),
        },
      ],
    });
    expect(readImport('key,key,max_activations\n').errors).toEqual([
      { line: 1, field: 'key', message: 'The column key appears twice' },
    ]);
    expect(readImport('key,name\nK-1,x\n').errors).toEqual([
      { line: 1, field: 'max_activations', message: 'The column max_activations is required' },
    ]);
    expect(readImport('\n\n').errors).toEqual([
      { line: 1, field: null, message: 'The first line must name the columns' },
    ]);
  });

  it('reports a CSV syntax error at its line', () => {
    const read = readImport('key,max_activations\nK-1,1\n"K-2,2\n');
    expect(read.valid).toHaveLength(1);
    expect(read.errors).toEqual([{ line: 3, field: null, message: 'A quoted value is not closed' }]);
  });

  it('refuses more rows than an import may have as a whole', () => {
    const rows = Array.from({ length: BULK_LIMITS.importRowsMax + 1 }, () => '1').join('\n');
    expect(() => readImport(`max_activations\n${rows}`)).toThrow(TOO_MANY_ROWS_MESSAGE);
    expect(readImport(`max_activations\n${rows.slice(2)}`).valid).toHaveLength(BULK_LIMITS.importRowsMax);
  });

  it("takes back the export's neutralising apostrophe", () => {
    const read = readImport(`name,max_activations\n'=cmd,1\n`);
    expect(read.valid[0]?.name).toBe('=cmd');
  });
});
