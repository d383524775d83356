/** The inspector page's style sheet: inline, like everything the page needs. */
export const INSPECTOR_STYLE = `
* { box-sizing: border-box; }
body { margin: 0; font: 13px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1b2a3a; background: #f6f7f9; }
header { padding: 14px 20px 6px; }
h1 { font-size: 18px; margin: 0 0 2px; }
.summary { color: #55637a; margin: 0; }
.controls, .legend { display: flex; flex-wrap: wrap; gap: 6px 14px; align-items: center; padding: 6px 20px; }
.controls fieldset { border: 1px solid #d5dae3; border-radius: 6px; padding: 4px 10px; margin: 0; display: flex; flex-wrap: wrap; gap: 2px 10px; }
.controls legend { color: #55637a; padding: 0 4px; }
.controls label { white-space: nowrap; }
.controls button { font: inherit; padding: 2px 10px; border: 1px solid #c4cad6; border-radius: 4px; background: #fff; cursor: pointer; }
.legend span { display: inline-flex; align-items: center; gap: 5px; }
.legend i { display: inline-block; width: 14px; height: 10px; border-radius: 2px; }
.timeline { margin: 6px 20px; background: #fff; border: 1px solid #d5dae3; border-radius: 6px; overflow-x: auto; }
.axis, .lane { display: flex; }
.axis { border-bottom: 1px solid #e3e7ee; height: 22px; }
.lane { border-bottom: 1px solid #eef1f5; }
.lane-label { flex: 0 0 250px; padding: 6px 10px; position: sticky; left: 0; background: #fff; border-right: 1px solid #e3e7ee; z-index: 1; font-weight: 600; overflow-wrap: anywhere; }
.track { position: relative; flex: 0 0 auto; }
.axis .lane-label { padding: 3px 10px; font-weight: normal; color: #7b879b; font-size: 11px; }
.break { position: absolute; top: 0; bottom: 0; background: repeating-linear-gradient(135deg, #eef1f5 0 4px, #fff 4px 8px); border-left: 1px solid #d5dae3; border-right: 1px solid #d5dae3; }
.tick { position: absolute; top: 0; bottom: 0; border-left: 1px solid #e3e7ee; padding-left: 3px; color: #7b879b; font-size: 11px; white-space: nowrap; }
.bar { position: absolute; height: 16px; border-radius: 3px; cursor: pointer; overflow: hidden; white-space: nowrap; color: #fff; font-size: 11px; line-height: 16px; padding: 0 4px; }
.bar.native { border: 2px dashed rgba(255, 255, 255, 0.85); line-height: 12px; }
.bar.selected { outline: 2px solid #1b2a3a; outline-offset: 1px; }
.details { margin: 6px 20px 20px; background: #fff; border: 1px solid #d5dae3; border-radius: 6px; padding: 10px 14px; min-height: 60px; }
.details table { border-collapse: collapse; }
.details th { text-align: left; color: #55637a; font-weight: normal; padding: 1px 16px 1px 0; }
.details td { overflow-wrap: anywhere; }
.empty { padding: 16px 20px; color: #55637a; }
`;
