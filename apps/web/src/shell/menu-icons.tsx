import type { ReactNode } from 'react';
import {
  ApiOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BellOutlined,
  CarOutlined,
  CheckSquareOutlined,
  ExperimentOutlined,
  FileTextOutlined,
  HomeOutlined,
  MessageOutlined,
  RollbackOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  TeamOutlined,
  UserOutlined,
  WarningOutlined,
} from '../components/icons.tsx';

const ICONS: Record<string, ReactNode> = {
  ApiOutlined: <ApiOutlined />,
  AppstoreOutlined: <AppstoreOutlined />,
  AuditOutlined: <AuditOutlined />,
  BellOutlined: <BellOutlined />,
  CarOutlined: <CarOutlined />,
  CheckSquareOutlined: <CheckSquareOutlined />,
  ExperimentOutlined: <ExperimentOutlined />,
  FileTextOutlined: <FileTextOutlined />,
  HomeOutlined: <HomeOutlined />,
  MessageOutlined: <MessageOutlined />,
  RollbackOutlined: <RollbackOutlined />,
  SettingOutlined: <SettingOutlined />,
  ShopOutlined: <ShopOutlined />,
  ShoppingCartOutlined: <ShoppingCartOutlined />,
  TeamOutlined: <TeamOutlined />,
  UserOutlined: <UserOutlined />,
  WarningOutlined: <WarningOutlined />,
};

/**
 * Icon of a menu entry by antd icon name (spec 000 §3 appIcon). Only a known set is bundled; unknown names
 * fall back to a neutral icon so the whole icon library is never shipped.
 */
export function menuIcon(name: string | null, topLevel: boolean): ReactNode {
  if (!name) return topLevel ? <AppstoreOutlined /> : undefined;
  return ICONS[name] ?? (topLevel ? <AppstoreOutlined /> : undefined);
}
