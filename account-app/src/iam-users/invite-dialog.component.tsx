// Invite by e-mail: the server creates the account and mails a temporary password (valid 7 days) in
// the invitee's language; their first sign-in asks them to choose their own password.
import { useState, type FormEvent } from 'react';
import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { showToast, type IamRole, type Language } from '@helio/shared-utils';
import { useErrorText } from '../common/use-error-text';
import { emptyInvite, inviteProblems, inviteRequest, type InviteDraft, type InviteField } from './invite-form';
import { ModuleChecks } from './module-checks.component';
import { RoleSelect } from './role-select.component';
import { useInviteUser } from './users.resource';

interface InviteDialogProps {
  isOpen: boolean;
  roles: readonly IamRole[];
  language: Language;
  onClose: () => void;
}

export function InviteDialog({ isOpen, roles, language, onClose }: InviteDialogProps) {
  const { t } = useTranslation('account-app');
  const errorText = useErrorText();
  const invite = useInviteUser();
  const [draft, setDraft] = useState<InviteDraft>(() => emptyInvite(language));
  const [submitted, setSubmitted] = useState(false);
  const problems = inviteProblems(draft);

  const close = () => {
    setDraft(emptyInvite(language));
    setSubmitted(false);
    invite.reset();
    onClose();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(problems).length > 0) return;
    invite.mutate(inviteRequest(draft), {
      onSuccess: (user) => {
        showToast({ intent: 'success', icon: 'envelope', message: t('users.invited', { email: user.email }) });
        close();
      },
    });
  };

  const text = (field: Exclude<InviteField, 'role'>, label: string, type = 'text') => {
    const problem = submitted ? problems[field] : undefined;
    return (
      <FormGroup
        label={label}
        labelFor={`invite-${field}`}
        intent={problem ? 'danger' : 'none'}
        helperText={problem && t(`users.problems.${problem}`)}
      >
        <InputGroup
          id={`invite-${field}`}
          type={type}
          value={draft[field]}
          intent={problem ? 'danger' : 'none'}
          onChange={(event) => setDraft({ ...draft, [field]: event.target.value })}
        />
      </FormGroup>
    );
  };

  return (
    <Dialog
      isOpen={isOpen}
      title={t('users.inviteTitle')}
      icon="new-person"
      onClose={invite.isPending ? undefined : close}
      style={{ width: 600 }}
    >
      <form onSubmit={onSubmit} noValidate data-testid="invite-form">
        <DialogBody>
          <p className="helio-account-muted">{t('users.inviteHint')}</p>
          {text('email', t('users.email'), 'email')}
          {text('name', t('users.name'))}
          {text('family_name', t('users.familyName'))}
          <RoleSelect id="invite-role" roles={roles} value={draft.role} onChange={(role) => setDraft({ ...draft, role })} />
          <ModuleChecks value={draft.modules} onChange={(modules) => setDraft({ ...draft, modules })} />
          <FormGroup label={t('users.language')} labelFor="invite-locale" helperText={t('users.languageHint')}>
            <HTMLSelect
              id="invite-locale"
              value={draft.locale}
              onChange={(event) => setDraft({ ...draft, locale: event.target.value as Language })}
              options={(['cs', 'en'] as const).map((lng) => ({ value: lng, label: t(`common:language.${lng}`) }))}
            />
          </FormGroup>
          {invite.isError && (
            <Callout intent="danger" icon="error" data-testid="invite-error">
              {errorText(invite.error)}
            </Callout>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('actions.cancel')} onClick={close} disabled={invite.isPending} />
              <Button
                type="submit"
                intent="primary"
                icon="envelope"
                text={t('users.sendInvite')}
                loading={invite.isPending}
                data-testid="invite-submit"
              />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
