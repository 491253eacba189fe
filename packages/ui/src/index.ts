export * from './agentState';
export { StatusBadge } from './StatusBadge';
export type { StatusBadgeProps } from './StatusBadge';
export { Rollup } from './Rollup';
export { FitText } from './FitText';
export type { FitTextProps } from './FitText';
export { fitCount, splitWords } from './wordFit';
export { Icon } from './Icon';
export type { IconName } from './Icon';
export {
  Button,
  IconButton,
  Field,
  TextInput,
  SearchField,
  Select,
  Toggle,
  Kbd,
  FOCUS_RING,
} from './controls';
export { Dialog } from './Dialog';
export { initialFocusTarget, keepFocusOnPage, returnFocus, setFocusHome } from './focusHome';
export { PaneFrame } from './PaneFrame';
export type { PaneFrameProps } from './PaneFrame';
export { PaneCard } from './Card';
export { EmptyState } from './EmptyState';
export { Page, PageHeader } from './PageHeader';
export type { PageHeaderProps, PageProps } from './PageHeader';
export { Table, TableRow, TableCell } from './Table';
export { StatusMessage } from './StatusMessage';
export type { Message, MessageTone } from './StatusMessage';
export { handleListKeys } from './listNavigation';
export type { ListKeysOptions, ListOrientation } from './listNavigation';
