/*
 * Bazar form checks, run before a form reaches Keycloak (spec section 5). The rules and their exact
 * texts come from the page as data attributes, so the templates and the message bundle stay the single
 * source: data-bz-required, data-bz-pattern (+ -message), data-bz-minlength (+ -message),
 * data-bz-match (id of the field to equal, + -message). A field is checked when it loses focus and every
 * field when the form is submitted; Keycloak checks everything again on the server.
 */
(function () {
  'use strict';

  function firstError(input) {
    var data = input.dataset;
    var value = input.value;
    if (data.bzRequired !== undefined && value.length === 0) return data.bzRequired;
    if (value.length === 0) return '';
    if (data.bzPattern && !new RegExp(data.bzPattern).test(value)) return data.bzPatternMessage;
    if (data.bzMinlength && value.length < Number(data.bzMinlength)) return data.bzMinlengthMessage;
    if (data.bzMatch) {
      var other = document.getElementById(data.bzMatch);
      if (other && other.value !== value) return data.bzMatchMessage;
    }
    return '';
  }

  function show(input, text) {
    var slot = document.querySelector('[data-bz-error-for="' + input.id + '"]');
    if (slot) slot.textContent = text;
    input.setAttribute('aria-invalid', text ? 'true' : 'false');
    var field = input.closest('.bz-field');
    if (field) field.classList.toggle('bz-field-invalid', Boolean(text));
    return !text;
  }

  function check(input) {
    return show(input, firstError(input));
  }

  function rulesOf(form) {
    return Array.prototype.filter.call(form.elements, function (el) {
      return el.dataset && (el.dataset.bzRequired !== undefined || el.dataset.bzPattern || el.dataset.bzMinlength || el.dataset.bzMatch);
    });
  }

  function wire(form) {
    var inputs = rulesOf(form);
    var submitted = false;
    inputs.forEach(function (input) {
      var edited = input.value.length > 0;
      input.addEventListener('blur', function () {
        // A field the user has not typed in stays quiet when focus merely passes through it (the page
        // would otherwise shift under a click on 'Register' or 'Forgot password?'); submit checks it.
        if (edited || submitted || input.getAttribute('aria-invalid') === 'true') check(input);
      });
      input.addEventListener('input', function () {
        edited = true;
        // Once a message shows (from this script or from Keycloak), it follows the typing.
        if (submitted || input.getAttribute('aria-invalid') === 'true') check(input);
        var partner = input.dataset.bzMatchedBy && document.getElementById(input.dataset.bzMatchedBy);
        if (partner && partner.value.length > 0 && partner.getAttribute('aria-invalid') === 'true') check(partner);
      });
      if (input.dataset.bzMatch) {
        var other = document.getElementById(input.dataset.bzMatch);
        if (other) other.dataset.bzMatchedBy = input.id;
      }
    });
    form.addEventListener('submit', function (event) {
      submitted = true;
      var invalid = inputs.filter(function (input) {
        return !check(input);
      });
      if (invalid.length > 0) {
        event.preventDefault();
        invalid[0].focus();
        return;
      }
      var button = form.querySelector('button[type="submit"], input[type="submit"]');
      if (button) {
        // Keep the pressed button's name in the post, then stop a second submit.
        window.setTimeout(function () {
          button.disabled = true;
          button.classList.add('bz-busy');
        }, 0);
      }
    });
  }

  function start() {
    Array.prototype.forEach.call(document.querySelectorAll('form[data-bz-validate]'), wire);
    Array.prototype.forEach.call(document.querySelectorAll('.bz-social-button[aria-disabled="true"]'), function (button) {
      button.addEventListener('click', function (event) {
        event.preventDefault();
      });
    });
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
