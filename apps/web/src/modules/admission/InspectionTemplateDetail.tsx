import { useLocation, useNavigate } from 'react-router';
import { DocumentDetail } from '../../components/document/DocumentDetail.tsx';
import { TEMPLATE_DEFINITIONS, type TemplateKind } from './inspection-api.ts';
import './i18n-inspection.ts';

/** #/v2/{inspectTemplate|sampleTemplate}/detail?id=… — a template: edit while a draft, release, revoke. */
export default function InspectionTemplateDetail({ kind }: { kind: TemplateKind }) {
  const { search } = useLocation();
  const id = new URLSearchParams(search).get('id') ?? '';
  const navigate = useNavigate();
  return (
    <DocumentDetail
      def={TEMPLATE_DEFINITIONS[kind]}
      side="purchase"
      id={id}
      onBack={() => navigate(`/v2/${kind}/list`)}
      onEdit={(d) => navigate(`/v2/${kind}/edit?id=${d.record.id}`)}
      onDeleted={() => navigate(`/v2/${kind}/list`)}
      hideAttachments
    />
  );
}
