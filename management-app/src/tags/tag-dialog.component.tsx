// "New tag" and "Edit tag": a name and a colour from the palette. A name the organisation already has
// is refused in the form, and again by the server (409) when someone took it meanwhile.
import { useState, type FormEvent } from 'react';
import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { apiErrorText, showToast, type PlantTag, type TagColour } from '@helio/shared-utils';
import { TAG_COLOUR_KEYS, TAG_PALETTE } from './tag-colours';
import { TagChip } from './tag-chip.component';
import { tagNameProblem, TAG_NAME_MAX } from './tag-form';
import { useCreateTag, useUpdateTag } from './tags.resource';

interface TagDialogProps {
  /** The tag to edit; none for a new one. */
  editing?: PlantTag;
  tags: readonly PlantTag[];
  onClose: () => void;
}

export function TagDialog({ editing, tags, onClose }: TagDialogProps) {
  const { t } = useTranslation('management-app');
  const create = useCreateTag();
  const update = useUpdateTag();
  const saving = editing ? update : create;
  const [name, setName] = useState(editing?.name ?? '');
  const [colour, setColour] = useState<TagColour>(editing?.colour ?? 'blue');
  const [submitted, setSubmitted] = useState(false);
  const problem = saving.error?.status === 409 ? 'taken' : submitted ? tagNameProblem(name, tags, editing?.id) : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (tagNameProblem(name, tags, editing?.id)) return;
    const done = (tag: PlantTag) => {
      showToast({ intent: 'success', icon: 'tick', message: t(editing ? 'tags.saved' : 'tags.created', { name: tag.name }) });
      onClose();
    };
    if (editing) update.mutate({ id: editing.id, name: name.trim(), colour }, { onSuccess: done });
    else create.mutate({ name: name.trim(), colour }, { onSuccess: done });
  };

  return (
    <Dialog isOpen title={t(editing ? 'tags.editTitle' : 'tags.newTitle')} icon="tag" onClose={saving.isPending ? undefined : onClose}>
      <form onSubmit={onSubmit} noValidate data-testid="tag-form">
        <DialogBody>
          <FormGroup
            label={t('tags.name')}
            labelFor="tag-name"
            intent={problem ? 'danger' : 'none'}
            helperText={problem ? t(`tags.problems.${problem}`, { max: TAG_NAME_MAX }) : undefined}
          >
            <InputGroup
              id="tag-name"
              autoFocus
              value={name}
              intent={problem ? 'danger' : 'none'}
              onChange={(e) => {
                setName(e.target.value);
                if (saving.isError) saving.reset();
              }}
              data-testid="tag-name"
            />
          </FormGroup>
          <FormGroup label={t('tags.colour')}>
            <div className="helio-management-swatches" role="radiogroup" aria-label={t('tags.colour')}>
              {TAG_COLOUR_KEYS.map((key) => (
                <button
                  key={key}
                  type="button"
                  role="radio"
                  aria-checked={colour === key}
                  aria-label={t(`tags.colours.${key}`)}
                  title={t(`tags.colours.${key}`)}
                  className="helio-management-swatch"
                  style={{ backgroundColor: TAG_PALETTE[key] }}
                  onClick={() => setColour(key)}
                  data-testid={`tag-colour-${key}`}
                />
              ))}
            </div>
          </FormGroup>
          <TagChip tag={{ name: name.trim() || t('tags.preview'), colour }} />
          {saving.isError && saving.error.status !== 409 && (
            <Callout intent="danger" icon="error">
              {apiErrorText(saving.error)}
            </Callout>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('actions.cancel')} onClick={onClose} disabled={saving.isPending} />
              <Button
                type="submit"
                intent="primary"
                text={t(editing ? 'tags.save' : 'tags.create')}
                loading={saving.isPending}
                data-testid="tag-submit"
              />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
