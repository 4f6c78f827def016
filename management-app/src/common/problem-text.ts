// One translated sentence per field problem, the same for the settings form and the new-plant dialog.
import type { TFunction } from 'i18next';
import type { SettingProblem } from '@helio/contracts/limits';

/** A problem the form finds before the limits can: the text is no number at all. */
export type FieldProblem = SettingProblem | { problem: 'number' } | { problem: 'server'; message: string };

export function problemText(t: TFunction, problem: FieldProblem): string {
  switch (problem.problem) {
    case 'range':
      return t('problems.range', { min: problem.min, max: problem.max });
    case 'tooLong':
      return t('problems.tooLong', { max: problem.max });
    case 'server':
      return problem.message;
    default:
      return t(`problems.${problem.problem}`);
  }
}
