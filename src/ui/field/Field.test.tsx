// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { visuallyHidden } from '../visually-hidden.css';
import { Field } from './Field';
import { input } from './Field.css';
import { FieldGroup } from './FieldGroup';

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

  it('names a control whose label the layout makes redundant, for screen readers only', () => {
    render(
      <Field label="Search players" labelHidden>
        {(control) => <input {...control} type="search" />}
      </Field>,
    );
    const control = screen.getByRole('searchbox', { name: 'Search players' });
    expect(document.querySelector(`label[for="${control.id}"]`)?.className).toBe(visuallyHidden);
  });

  it('puts a checkbox before its sentence', () => {
    render(
      <Field label="I agree to be contacted" inline>
        {(control) => <input {...control} type="checkbox" />}
      </Field>,
    );
    const box = screen.getByRole('checkbox', { name: 'I agree to be contacted' });
    expect(box.nextElementSibling?.tagName).toBe('LABEL');
  });
});

describe('FieldGroup', () => {
  it('names a radio list by its legend, says it is required and reads its error with it', () => {
    render(
      <FieldGroup legend="Reason" error="Please choose a reason" required radio>
        <label>
          <input type="radio" name="reason" value="fraud" /> Fraud
        </label>
      </FieldGroup>,
    );
    const group = screen.getByRole('radiogroup', { name: /Reason/ });
    expect(group.getAttribute('aria-required')).toBe('true');
    const described = group.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(described)?.textContent).toBe('Please choose a reason');
    expect(screen.getByRole('radio', { name: 'Fraud' })).toBeTruthy();
  });

  it('leaves a checkbox list a plain group: it cannot be required as a whole', () => {
    render(
      <FieldGroup legend="Talents" hint="Up to 3" required>
        <label>
          <input type="checkbox" /> Singing
        </label>
      </FieldGroup>,
    );
    const group = screen.getByRole('group', { name: /Talents/ });
    expect(group.hasAttribute('aria-required')).toBe(false);
    expect(document.getElementById(group.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Up to 3',
    );
  });
});
