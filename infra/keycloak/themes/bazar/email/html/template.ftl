<#-- Mail clients drop <style> and classes: the store's colours (login/resources/css/bazar.css) are inline. -->
<#macro emailLayout>
<html lang="${locale.language}" dir="${(ltr)?then('ltr','rtl')}">
<body style="margin:0;padding:24px 12px;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#1f2937;">
  <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;margin:0 auto;background:#ffffff;border-top:5px solid #15803d;border-radius:10px;">
    <tr>
      <td style="padding:20px 28px 0;font-size:24px;font-weight:bold;color:#166534;">Bazar</td>
    </tr>
    <tr>
      <td style="padding:8px 28px 24px;font-size:15px;line-height:1.5;">
        <#nested>
      </td>
    </tr>
    <tr>
      <td style="padding:14px 28px;border-top:1px solid #d1d5db;font-size:12px;color:#6b7280;">${msg("bazarMailFooter")}</td>
    </tr>
  </table>
</body>
</html>
</#macro>
