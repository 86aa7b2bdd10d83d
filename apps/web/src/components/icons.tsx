import {
  ApiOutlined as ApiOutlinedIcon,
  AppstoreOutlined as AppstoreOutlinedIcon,
  AuditOutlined as AuditOutlinedIcon,
  BellOutlined as BellOutlinedIcon,
  BulbOutlined as BulbOutlinedIcon,
  CarOutlined as CarOutlinedIcon,
  CheckOutlined as CheckOutlinedIcon,
  CheckSquareOutlined as CheckSquareOutlinedIcon,
  ColumnHeightOutlined as ColumnHeightOutlinedIcon,
  DownOutlined as DownOutlinedIcon,
  ExperimentOutlined as ExperimentOutlinedIcon,
  FileSearchOutlined as FileSearchOutlinedIcon,
  FileTextOutlined as FileTextOutlinedIcon,
  FullscreenExitOutlined as FullscreenExitOutlinedIcon,
  FullscreenOutlined as FullscreenOutlinedIcon,
  GlobalOutlined as GlobalOutlinedIcon,
  HomeOutlined as HomeOutlinedIcon,
  LockOutlined as LockOutlinedIcon,
  MenuFoldOutlined as MenuFoldOutlinedIcon,
  MenuUnfoldOutlined as MenuUnfoldOutlinedIcon,
  MessageOutlined as MessageOutlinedIcon,
  RollbackOutlined as RollbackOutlinedIcon,
  SettingOutlined as SettingOutlinedIcon,
  ShopOutlined as ShopOutlinedIcon,
  ShoppingCartOutlined as ShoppingCartOutlinedIcon,
  TeamOutlined as TeamOutlinedIcon,
  UserOutlined as UserOutlinedIcon,
  WarningOutlined as WarningOutlinedIcon,
  WechatOutlined as WechatOutlinedIcon,
} from '@ant-design/icons';
import type { ComponentProps } from 'react';

type Icon = typeof ApiOutlinedIcon;

/**
 * The antd icons the portal uses, decorative (issue #12): antd renders each as role="img" with its name as
 * aria-label, so a button read "car Ship", "printer Print". Wrapped here, every icon is aria-hidden, so a
 * labelled button's accessible name is its text ("Ship") or its aria-label. Import icons from this module
 * (the shell's) or page-icons.tsx (the pages') only: the linter refuses '@ant-design/icons' elsewhere. An
 * icon that must speak passes aria-hidden={false} and an aria-label. Two modules, because a bundler keeps
 * a module whole: the pages' icons stay out of the home route's bytes.
 */
export function decorative(Base: Icon): Icon {
  const Decorative = (props: ComponentProps<Icon>) => <Base aria-hidden="true" {...props} />;
  Decorative.displayName = Base.displayName;
  return Decorative as Icon;
}

/** The shell's icons (side menu, top bar, home, lock page). */
export const ApiOutlined = /* @__PURE__ */ decorative(ApiOutlinedIcon);
export const AppstoreOutlined = /* @__PURE__ */ decorative(AppstoreOutlinedIcon);
export const AuditOutlined = /* @__PURE__ */ decorative(AuditOutlinedIcon);
export const BellOutlined = /* @__PURE__ */ decorative(BellOutlinedIcon);
export const BulbOutlined = /* @__PURE__ */ decorative(BulbOutlinedIcon);
export const CheckOutlined = /* @__PURE__ */ decorative(CheckOutlinedIcon);
export const CheckSquareOutlined = /* @__PURE__ */ decorative(CheckSquareOutlinedIcon);
export const ColumnHeightOutlined = /* @__PURE__ */ decorative(ColumnHeightOutlinedIcon);
export const DownOutlined = /* @__PURE__ */ decorative(DownOutlinedIcon);
export const ExperimentOutlined = /* @__PURE__ */ decorative(ExperimentOutlinedIcon);
export const FileSearchOutlined = /* @__PURE__ */ decorative(FileSearchOutlinedIcon);
export const FileTextOutlined = /* @__PURE__ */ decorative(FileTextOutlinedIcon);
export const FullscreenExitOutlined = /* @__PURE__ */ decorative(FullscreenExitOutlinedIcon);
export const FullscreenOutlined = /* @__PURE__ */ decorative(FullscreenOutlinedIcon);
export const GlobalOutlined = /* @__PURE__ */ decorative(GlobalOutlinedIcon);
export const HomeOutlined = /* @__PURE__ */ decorative(HomeOutlinedIcon);
export const LockOutlined = /* @__PURE__ */ decorative(LockOutlinedIcon);
export const MenuFoldOutlined = /* @__PURE__ */ decorative(MenuFoldOutlinedIcon);
export const MenuUnfoldOutlined = /* @__PURE__ */ decorative(MenuUnfoldOutlinedIcon);
export const MessageOutlined = /* @__PURE__ */ decorative(MessageOutlinedIcon);
export const CarOutlined = /* @__PURE__ */ decorative(CarOutlinedIcon);
export const RollbackOutlined = /* @__PURE__ */ decorative(RollbackOutlinedIcon);
export const SettingOutlined = /* @__PURE__ */ decorative(SettingOutlinedIcon);
export const ShopOutlined = /* @__PURE__ */ decorative(ShopOutlinedIcon);
export const ShoppingCartOutlined = /* @__PURE__ */ decorative(ShoppingCartOutlinedIcon);
export const TeamOutlined = /* @__PURE__ */ decorative(TeamOutlinedIcon);
export const UserOutlined = /* @__PURE__ */ decorative(UserOutlinedIcon);
export const WarningOutlined = /* @__PURE__ */ decorative(WarningOutlinedIcon);
export const WechatOutlined = /* @__PURE__ */ decorative(WechatOutlinedIcon);
