<#import "template.ftl" as layout>
<#import "register-commons.ftl" as registerCommons>
<#--
  Signup (spec 2, Signup): full name, email, password, confirm password, a 'Singup' button and a link to
  login. The full name is the realm's `fullName` user-profile attribute, the account's display name.
  Keycloak's own checks (user profile, password policy, confirmation) answer in the store's words.
-->
<#macro fieldError name>
    <span id="${name}-error" class="bz-field-error" data-bz-error-for="${name}" aria-live="polite"><#if messagesPerField.existsError(name)>${kcSanitize(messagesPerField.get(name))?no_esc}</#if></span>
</#macro>
<#assign fieldNames = ['fullName','email','username','password','password-confirm']>
<@layout.registrationLayout displayMessage=false; section>
    <#if section = "header">
        ${msg("registerTitle")}
    <#elseif section = "form">
        <form id="kc-register-form" class="bz-form" action="${url.registrationAction}" method="post" novalidate data-bz-validate>
            <div class="bz-field">
                <label for="fullName" class="bz-label">${msg("bazarFullName")}</label>
                <input id="fullName" name="fullName" class="bz-input" type="text" autocomplete="name" autofocus
                       value="${(profile.attributesByName.fullName.value)!''}" placeholder="${msg("bazarFullNamePlaceholder")}"
                       aria-describedby="fullName-error" aria-invalid="${messagesPerField.existsError('fullName')?c}"
                       data-bz-required="${msg("bazarNameRequired")}"/>
                <@fieldError name="fullName"/>
            </div>

            <div class="bz-field">
                <label for="email" class="bz-label">${msg("email")}</label>
                <input id="email" name="email" class="bz-input" type="email" inputmode="email" autocomplete="email"
                       autocapitalize="none" spellcheck="false"
                       value="${(profile.attributesByName.email.value)!''}" placeholder="${msg("bazarEmailPlaceholder")}"
                       aria-describedby="email-error" aria-invalid="${messagesPerField.existsError('email','username')?c}"
                       data-bz-required="${msg("bazarEmailRequired")}"
                       data-bz-pattern="${properties.bazarEmailPattern}" data-bz-pattern-message="${msg("bazarEmailInvalid")}"/>
                <span id="email-error" class="bz-field-error" data-bz-error-for="email" aria-live="polite"><#if messagesPerField.existsError('email','username')>${kcSanitize(messagesPerField.getFirstError('email','username'))?no_esc}</#if></span>
            </div>

            <div class="bz-field">
                <label for="password" class="bz-label">${msg("password")}</label>
                <input id="password" name="password" class="bz-input" type="password" autocomplete="new-password"
                       placeholder="${msg("bazarPasswordPlaceholder")}"
                       aria-describedby="password-error" aria-invalid="${messagesPerField.existsError('password')?c}"
                       data-bz-required="${msg("bazarPasswordRequired")}"
                       data-bz-minlength="${properties.bazarPasswordMinLength}" data-bz-minlength-message="${msg("bazarPasswordTooShort")}"/>
                <@fieldError name="password"/>
            </div>

            <div class="bz-field">
                <label for="password-confirm" class="bz-label">${msg("passwordConfirm")}</label>
                <input id="password-confirm" name="password-confirm" class="bz-input" type="password" autocomplete="new-password"
                       placeholder="${msg("bazarConfirmPlaceholder")}"
                       aria-describedby="password-confirm-error" aria-invalid="${messagesPerField.existsError('password-confirm')?c}"
                       data-bz-required="${msg("bazarConfirmRequired")}"
                       data-bz-minlength="${properties.bazarPasswordMinLength}" data-bz-minlength-message="${msg("bazarPasswordTooShort")}"
                       data-bz-match="password" data-bz-match-message="${msg("bazarPasswordsDiffer")}"/>
                <@fieldError name="password-confirm"/>
            </div>

            <@registerCommons.termsAcceptance/>

            <#if recaptchaRequired?? && (recaptchaVisible!false)>
                <div class="bz-field"><div class="g-recaptcha" data-size="compact" data-sitekey="${recaptchaSiteKey}" data-action="${recaptchaAction}"></div></div>
            </#if>

            <#if message?has_content && message.type = 'error' && !messagesPerField.existsError('fullName','email','username','password','password-confirm')>
                <@layout.alert message=message/>
            </#if>

            <button id="kc-register" class="bz-button bz-button-primary bz-button-block" type="submit">${msg("doRegisterSubmit")}</button>
        </form>

        <p id="kc-login-link" class="bz-switch">${msg("bazarHaveAccount")} <a class="bz-link" href="${url.loginUrl}">${msg("bazarLoginLink")}</a></p>
    </#if>
</@layout.registrationLayout>
