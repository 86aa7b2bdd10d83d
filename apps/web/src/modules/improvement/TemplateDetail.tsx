import { improvementTemplateDefinition } from '@srm/contracts/improvement';
import { useLocation, useNavigate } from 'react-router';
import { DocumentDetail } from '../../components/document/DocumentDetail.tsx';
import './i18n-improvement.ts';

/** #/v2/template/detail?id=… — a template: edit while a draft, release, disable (and release again). */
export default function TemplateDetail() {
  const { search } = useLocation();
  const id = new URLSearchParams(search).get('id') ?? '';
  const navigate = useNavigate();
  return (
    <DocumentDetail
      def={improvementTemplateDefinition}
      side="purchase"
      id={id}
      onBack={() => navigate('/v2/template/list')}
      onEdit={(d) => navigate(`/v2/template/edit?id=${d.record.id}`)}
      onDeleted={() => navigate('/v2/template/list')}
      hideAttachments
    />
  );
}
