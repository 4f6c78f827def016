// Name, family name and picture, saved together; the language applies the moment it is chosen.
import { useEffect, useState, type FormEvent } from 'react';
import { Button, Card, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { showToast, type CurrentUser, type Language } from '@helio/shared-utils';
import { useErrorText } from '../common/use-error-text';
import { Avatar } from './avatar.component';
import { draftOf, profileChanges, profileProblems, type ProfileDraft, type ProfileField } from './profile-form';
import { useSaveProfile } from './profile.resource';

const LANGUAGES: readonly Language[] = ['cs', 'en'];

export function ProfileCard({ user }: { user: CurrentUser }) {
  const { t, i18n } = useTranslation('account-app');
  const errorText = useErrorText();
  const labels = {
    name: t('profile.name'),
    family_name: t('profile.familyName'),
    picture: t('profile.picture'),
    locale: t('profile.language'),
  };
  const [draft, setDraft] = useState<ProfileDraft>(() => draftOf(user));
  const [submitted, setSubmitted] = useState(false);
  const save = useSaveProfile();
  const language = useSaveProfile();

  // A save elsewhere (or the language switch) refreshes users/me; keep the form in step when untouched.
  useEffect(() => setDraft((current) => (Object.keys(profileChanges(user, current)).length === 0 ? draftOf(user) : current)), [user]);

  const problems = profileProblems(draft);
  const changes = profileChanges(user, draft);
  const dirty = Object.keys(changes).length > 0;

  const field = (name: ProfileField, label: string, helper?: string) => {
    const problem = submitted || name === 'picture' ? problems[name] : undefined;
    return (
      <FormGroup
        label={label}
        labelFor={`profile-${name}`}
        intent={problem ? 'danger' : 'none'}
        helperText={problem ? t(`profile.problems.${problem}`) : helper}
      >
        <InputGroup
          id={`profile-${name}`}
          value={draft[name]}
          intent={problem ? 'danger' : 'none'}
          onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
          data-testid={`profile-${name}`}
        />
      </FormGroup>
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(problems).length > 0 || !dirty) return;
    save.mutate(changes, {
      onSuccess: () => showToast({ intent: 'success', icon: 'tick', message: t('profile.saved') }),
      onError: (error) =>
        showToast({ intent: 'danger', icon: 'error', message: t('profile.saveFailed', { reason: errorText(error, labels) }) }),
    });
  };

  const onLanguage = (locale: Language) =>
    language.mutate(
      { locale },
      {
        // Said in the language just chosen: this render's t still speaks the previous one.
        onSuccess: () =>
          showToast({ intent: 'success', icon: 'translate', message: i18n.getFixedT(locale, 'account-app')('profile.languageSaved') }),
        onError: (error) =>
          showToast({ intent: 'danger', icon: 'error', message: t('profile.saveFailed', { reason: errorText(error, labels) }) }),
      },
    );

  return (
    <Card className="helio-account-card" data-testid="profile-card">
      <h2>{t('profile.title')}</h2>
      <div className="helio-profile">
        <Avatar picture={problems.picture ? user.picture : draft.picture.trim() || null} name={draft.name} familyName={draft.family_name} />
        <form className="helio-profile-fields" onSubmit={onSubmit} noValidate>
          <FormGroup label={t('profile.email')} labelFor="profile-email" helperText={t('profile.emailHint')}>
            <InputGroup id="profile-email" value={user.email} readOnly disabled />
          </FormGroup>
          {field('name', t('profile.name'))}
          {field('family_name', t('profile.familyName'))}
          {field('picture', t('profile.picture'), t('profile.pictureHint'))}
          <Button
            type="submit"
            intent="primary"
            icon="floppy-disk"
            text={t('actions.save')}
            loading={save.isPending}
            disabled={!dirty}
            data-testid="profile-save"
          />
          <FormGroup
            label={t('profile.language')}
            labelFor="profile-language"
            helperText={t('profile.languageHint')}
            className="helio-account-callout"
          >
            <HTMLSelect
              id="profile-language"
              value={language.isPending ? language.variables?.locale : user.locale}
              disabled={language.isPending}
              onChange={(event) => onLanguage(event.target.value as Language)}
              options={LANGUAGES.map((lng) => ({ value: lng, label: t(`common:language.${lng}`) }))}
              data-testid="profile-language"
            />
          </FormGroup>
        </form>
      </div>
    </Card>
  );
}
