import {
  ArrowDownOutlined as ArrowDownOutlinedIcon,
  ArrowLeftOutlined as ArrowLeftOutlinedIcon,
  ArrowUpOutlined as ArrowUpOutlinedIcon,
  CarOutlined as CarOutlinedIcon,
  ClockCircleOutlined as ClockCircleOutlinedIcon,
  CopyOutlined as CopyOutlinedIcon,
  DeleteOutlined as DeleteOutlinedIcon,
  DownloadOutlined as DownloadOutlinedIcon,
  PlusOutlined as PlusOutlinedIcon,
  PrinterOutlined as PrinterOutlinedIcon,
  QrcodeOutlined as QrcodeOutlinedIcon,
  ReloadOutlined as ReloadOutlinedIcon,
  SearchOutlined as SearchOutlinedIcon,
  TagsOutlined as TagsOutlinedIcon,
  UploadOutlined as UploadOutlinedIcon,
} from '@ant-design/icons';
import { decorative } from './icons.tsx';

/** The pages' icons, decorative like the shell's (icons.tsx). */
export const ArrowDownOutlined = /* @__PURE__ */ decorative(ArrowDownOutlinedIcon);
export const ArrowLeftOutlined = /* @__PURE__ */ decorative(ArrowLeftOutlinedIcon);
export const ArrowUpOutlined = /* @__PURE__ */ decorative(ArrowUpOutlinedIcon);
export const CarOutlined = /* @__PURE__ */ decorative(CarOutlinedIcon);
export const ClockCircleOutlined = /* @__PURE__ */ decorative(ClockCircleOutlinedIcon);
export const CopyOutlined = /* @__PURE__ */ decorative(CopyOutlinedIcon);
export const DeleteOutlined = /* @__PURE__ */ decorative(DeleteOutlinedIcon);
export const DownloadOutlined = /* @__PURE__ */ decorative(DownloadOutlinedIcon);
export const PlusOutlined = /* @__PURE__ */ decorative(PlusOutlinedIcon);
export const PrinterOutlined = /* @__PURE__ */ decorative(PrinterOutlinedIcon);
export const QrcodeOutlined = /* @__PURE__ */ decorative(QrcodeOutlinedIcon);
export const ReloadOutlined = /* @__PURE__ */ decorative(ReloadOutlinedIcon);
export const SearchOutlined = /* @__PURE__ */ decorative(SearchOutlinedIcon);
export const TagsOutlined = /* @__PURE__ */ decorative(TagsOutlinedIcon);
export const UploadOutlined = /* @__PURE__ */ decorative(UploadOutlinedIcon);
