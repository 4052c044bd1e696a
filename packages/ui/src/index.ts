export { cn } from "./lib/cn";
export * from "./icons/icons";
export { Spinner, type SpinnerProps } from "./spinner/spinner";
export { Button, buttonVariants, type ButtonProps } from "./button/button";
export {
  Input,
  Textarea,
  inputClassName,
  type InputProps,
  type TextareaProps,
} from "./input/input";
export { Field, Label, type FieldProps } from "./field/field";
export {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
  type DialogContentProps,
} from "./dialog/dialog";
export { Toaster, toast, TOAST_DURATION_MS } from "./toaster/toaster";
export { Avatar, type AvatarProps } from "./avatar/avatar";
export { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "./card/card";
export { Tabs, TabsContent, TabsList, TabsTrigger } from "./tabs/tabs";
export { EmptyState, type EmptyStateProps } from "./empty-state/empty-state";
export {
  NavButton,
  NavGroup,
  NavItem,
  NavLabel,
  NavProfile,
  NavSubItem,
  NavSubList,
  SideNav,
  useSideNav,
  type NavItemProps,
  type NavProfileProps,
  type SideNavProps,
} from "./nav/side-nav";
export { Badge, badgeVariants, type BadgeProps } from "./badge/badge";
export { Select, type SelectProps } from "./select/select";
export {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
  type DropdownMenuItemProps,
} from "./dropdown-menu/dropdown-menu";
export { ConfirmDialog, type ConfirmDialogProps } from "./confirm-dialog/confirm-dialog";
export {
  Sheet,
  SheetClose,
  SheetContent,
  SheetDescription,
  SheetTitle,
  SheetTrigger,
  type SheetContentProps,
} from "./sheet/sheet";
export * from "./table/table";
export { Switch, switchVariants, type SwitchProps } from "./switch/switch";
export {
  RadioGroup,
  RadioGroupItem,
  radioGroupVariants,
  type RadioGroupItemProps,
  type RadioGroupProps,
} from "./radio-group/radio-group";
export {
  ToggleGroup,
  ToggleGroupItem,
  toggleGroupVariants,
  type ToggleGroupItemProps,
  type ToggleGroupProps,
} from "./toggle-group/toggle-group";
