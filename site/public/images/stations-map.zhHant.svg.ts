import { drawStationsMap } from './stations-map.ts';

/** The station map of the Traditional Chinese pages (front matter `mapImage`). */
export default function stationsMap(): string {
  return drawStationsMap({
    lang: 'zh-Hant',
    title: '雲翔航勤場站地圖：1 桃園（總部）、2 高雄、3 台北松山、4 台中',
    names: { TPE: '桃園', TSA: '台北松山', RMQ: '台中', KHH: '高雄' },
    hq: '總部',
    kilometres: '公里',
  });
}
