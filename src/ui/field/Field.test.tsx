// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Field } from './Field';
import { input } from './Field.css';

describe('Field', () => {
  it('labels its control and announces the hint and the error with it', () => {
    render(
      <Field label="Phone" hint="11 digits" error="Wrong number" required>
        {(control) => <input {...control} className={input()} />}
      </Field>,
    );
    const control = screen.getByLabelText(/Phone/);
    expect(control).toHaveProperty('required', true);
    expect(control.getAttribute('aria-invalid')).toBe('true');
    const described = control.getAttribute('aria-describedby')?.split(' ') ?? [];
    expect(described.map((id) => document.getElementById(id)?.textContent)).toEqual([
      '11 digits',
      'Wrong number',
    ]);
  });

  it('leaves a valid control unmarked', () => {
    render(<Field label="Name">{(control) => <input {...control} />}</Field>);
    const control = screen.getByLabelText('Name');
    expect(control.hasAttribute('aria-invalid')).toBe(false);
    expect(control.hasAttribute('aria-describedby')).toBe(false);
  });
});
