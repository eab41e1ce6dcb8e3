/** The sample file the first-run screen offers, so attach-and-ask works with no file of one's own. */
export const SAMPLE_SALES_FILE_NAME = 'sales.csv';

/** Sales by month, region and product: West sells the most, South the least. */
export const SAMPLE_SALES_CSV = [
  'month,region,product,units,amount',
  '2025-01,North,Tea,120,1440.00',
  '2025-01,South,Tea,80,960.00',
  '2025-01,East,Coffee,95,1710.00',
  '2025-01,West,Coffee,140,2520.00',
  '2025-02,North,Coffee,110,1980.00',
  '2025-02,South,Tea,70,840.00',
  '2025-02,East,Tea,130,1560.00',
  '2025-02,West,Tea,150,1800.00',
  '2025-03,North,Tea,100,1200.00',
  '2025-03,South,Coffee,60,1080.00',
  '2025-03,East,Coffee,85,1530.00',
  '2025-03,West,Coffee,160,2880.00',
  '',
].join('\n');
