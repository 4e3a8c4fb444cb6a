import { drawStationsMap } from './stations-map.ts';

/** The station map of the Traditional Chinese pages (front matter `mapImage`). */
export default function stationsMap(): string {
  return drawStationsMap({
    lang: 'zh-Hant',
    title: '雲翔航勤場站地圖：1 桃園（總部）、2 高雄、3 臺北松山、4 臺中',
    names: { TPE: '桃園', TSA: '臺北松山', RMQ: '臺中', KHH: '高雄' },
    hq: '總部',
    seas: { strait: ['臺灣海峽'], ocean: ['太平洋'] },
    kilometres: '公里',
  });
}
