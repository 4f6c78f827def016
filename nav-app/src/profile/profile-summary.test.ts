import { feedbackMailto, fullName, initialsOf } from './profile-summary';

const user = { name: 'Jana', family_name: 'Šťastná', email: 'jana@example.cz' };

describe('fullName', () => {
  it('joins the given and family name', () => {
    expect(fullName(user)).toBe('Jana Šťastná');
  });

  it('falls back to the e-mail when both names are empty', () => {
    expect(fullName({ ...user, name: ' ', family_name: '' })).toBe('jana@example.cz');
  });
});

describe('initialsOf', () => {
  it('takes the first letters of given and family name, upper-cased', () => {
    expect(initialsOf({ ...user, name: 'jana', family_name: 'šťastná' })).toBe('JŠ');
  });

  it('uses one letter when only one name is known', () => {
    expect(initialsOf({ ...user, family_name: '' })).toBe('J');
  });

  it('falls back to the e-mail', () => {
    expect(initialsOf({ ...user, name: '', family_name: '' })).toBe('J');
  });
});

describe('feedbackMailto', () => {
  it('encodes subject and body into a mail draft without a recipient', () => {
    expect(feedbackMailto('Helio EMS feedback', 'Page: /a&b\n')).toBe('mailto:?subject=Helio%20EMS%20feedback&body=Page%3A%20%2Fa%26b%0A');
  });
});
