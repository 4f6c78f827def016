// A router link that looks like the forms' primary button (a Blueprint AnchorButton would reload the page).
import { Classes } from '@blueprintjs/core';

export const LINK_BUTTON_CLASS = [Classes.BUTTON, Classes.INTENT_PRIMARY, Classes.LARGE, Classes.FILL].join(' ');
