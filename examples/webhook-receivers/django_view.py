# A webhook receiver as a Django view: request.body is the raw bytes, checked before json.loads.
# The view is csrf_exempt (the signature is its protection). Not run by the tests (Django is not
# installed); verify() is flask_app.py's, which is.
import json
from django.http import HttpResponse, HttpResponseBadRequest
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST
from .signatures import verify  # the verify() of flask_app.py

@csrf_exempt
@require_POST
def stablepay(request):
    try:
        event = verify(request.body, request.headers)
    except (KeyError, ValueError):
        return HttpResponseBadRequest("bad signature")
    print(event["type"], event["id"])
    return HttpResponse("ok")
