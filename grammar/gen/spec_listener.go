// Code generated from Spec.g4 by ANTLR 4.13.1. DO NOT EDIT.

package gen // Spec
import "github.com/antlr4-go/antlr/v4"

// SpecListener is a complete listener for a parse tree produced by SpecParser.
type SpecListener interface {
	antlr.ParseTreeListener

	// EnterFile is called when entering the file production.
	EnterFile(c *FileContext)

	// EnterProperty is called when entering the property production.
	EnterProperty(c *PropertyContext)

	// EnterParamList is called when entering the paramList production.
	EnterParamList(c *ParamListContext)

	// EnterParam is called when entering the param production.
	EnterParam(c *ParamContext)

	// EnterTypeName is called when entering the typeName production.
	EnterTypeName(c *TypeNameContext)

	// EnterEventDecl is called when entering the eventDecl production.
	EnterEventDecl(c *EventDeclContext)

	// EnterBeforeAdvice is called when entering the beforeAdvice production.
	EnterBeforeAdvice(c *BeforeAdviceContext)

	// EnterAfterAdvice is called when entering the afterAdvice production.
	EnterAfterAdvice(c *AfterAdviceContext)

	// EnterPatternDecl is called when entering the patternDecl production.
	EnterPatternDecl(c *PatternDeclContext)

	// EnterPcOr is called when entering the pcOr production.
	EnterPcOr(c *PcOrContext)

	// EnterPcNot is called when entering the pcNot production.
	EnterPcNot(c *PcNotContext)

	// EnterPcDesignator is called when entering the pcDesignator production.
	EnterPcDesignator(c *PcDesignatorContext)

	// EnterPcParen is called when entering the pcParen production.
	EnterPcParen(c *PcParenContext)

	// EnterPcAnd is called when entering the pcAnd production.
	EnterPcAnd(c *PcAndContext)

	// EnterDCall is called when entering the dCall production.
	EnterDCall(c *DCallContext)

	// EnterDExecution is called when entering the dExecution production.
	EnterDExecution(c *DExecutionContext)

	// EnterDGet is called when entering the dGet production.
	EnterDGet(c *DGetContext)

	// EnterDSet is called when entering the dSet production.
	EnterDSet(c *DSetContext)

	// EnterDTarget is called when entering the dTarget production.
	EnterDTarget(c *DTargetContext)

	// EnterDArgs is called when entering the dArgs production.
	EnterDArgs(c *DArgsContext)

	// EnterDLocation is called when entering the dLocation production.
	EnterDLocation(c *DLocationContext)

	// EnterDLock is called when entering the dLock production.
	EnterDLock(c *DLockContext)

	// EnterDUnlock is called when entering the dUnlock production.
	EnterDUnlock(c *DUnlockContext)

	// EnterDVolatile is called when entering the dVolatile production.
	EnterDVolatile(c *DVolatileContext)

	// EnterDWithin is called when entering the dWithin production.
	EnterDWithin(c *DWithinContext)

	// EnterDHolds is called when entering the dHolds production.
	EnterDHolds(c *DHoldsContext)

	// EnterDIf is called when entering the dIf production.
	EnterDIf(c *DIfContext)

	// EnterDUnknown is called when entering the dUnknown production.
	EnterDUnknown(c *DUnknownContext)

	// EnterUnknownName is called when entering the unknownName production.
	EnterUnknownName(c *UnknownNameContext)

	// EnterBalanced is called when entering the balanced production.
	EnterBalanced(c *BalancedContext)

	// EnterArgName is called when entering the argName production.
	EnterArgName(c *ArgNameContext)

	// EnterArgAny is called when entering the argAny production.
	EnterArgAny(c *ArgAnyContext)

	// EnterArgEllipsis is called when entering the argEllipsis production.
	EnterArgEllipsis(c *ArgEllipsisContext)

	// EnterSigPattern is called when entering the sigPattern production.
	EnterSigPattern(c *SigPatternContext)

	// EnterParamEllipsis is called when entering the paramEllipsis production.
	EnterParamEllipsis(c *ParamEllipsisContext)

	// EnterParamType is called when entering the paramType production.
	EnterParamType(c *ParamTypeContext)

	// EnterFieldPattern is called when entering the fieldPattern production.
	EnterFieldPattern(c *FieldPatternContext)

	// EnterTypePattern is called when entering the typePattern production.
	EnterTypePattern(c *TypePatternContext)

	// EnterNamePattern is called when entering the namePattern production.
	EnterNamePattern(c *NamePatternContext)

	// EnterExAnd is called when entering the exAnd production.
	EnterExAnd(c *ExAndContext)

	// EnterExNot is called when entering the exNot production.
	EnterExNot(c *ExNotContext)

	// EnterExParen is called when entering the exParen production.
	EnterExParen(c *ExParenContext)

	// EnterExName is called when entering the exName production.
	EnterExName(c *ExNameContext)

	// EnterExLiteral is called when entering the exLiteral production.
	EnterExLiteral(c *ExLiteralContext)

	// EnterExOr is called when entering the exOr production.
	EnterExOr(c *ExOrContext)

	// EnterExMethod is called when entering the exMethod production.
	EnterExMethod(c *ExMethodContext)

	// EnterExCompare is called when entering the exCompare production.
	EnterExCompare(c *ExCompareContext)

	// EnterLiteral is called when entering the literal production.
	EnterLiteral(c *LiteralContext)

	// EnterRegex is called when entering the regex production.
	EnterRegex(c *RegexContext)

	// EnterRxAnd is called when entering the rxAnd production.
	EnterRxAnd(c *RxAndContext)

	// EnterRxSeq is called when entering the rxSeq production.
	EnterRxSeq(c *RxSeqContext)

	// EnterRxPar is called when entering the rxPar production.
	EnterRxPar(c *RxParContext)

	// EnterRxNot is called when entering the rxNot production.
	EnterRxNot(c *RxNotContext)

	// EnterRxQuantified is called when entering the rxQuantified production.
	EnterRxQuantified(c *RxQuantifiedContext)

	// EnterRxEvent is called when entering the rxEvent production.
	EnterRxEvent(c *RxEventContext)

	// EnterRxStarred is called when entering the rxStarred production.
	EnterRxStarred(c *RxStarredContext)

	// EnterRxGroup is called when entering the rxGroup production.
	EnterRxGroup(c *RxGroupContext)

	// EnterQuantifier is called when entering the quantifier production.
	EnterQuantifier(c *QuantifierContext)

	// EnterRxAttrs is called when entering the rxAttrs production.
	EnterRxAttrs(c *RxAttrsContext)

	// EnterRxMark is called when entering the rxMark production.
	EnterRxMark(c *RxMarkContext)

	// EnterIdent is called when entering the ident production.
	EnterIdent(c *IdentContext)

	// ExitFile is called when exiting the file production.
	ExitFile(c *FileContext)

	// ExitProperty is called when exiting the property production.
	ExitProperty(c *PropertyContext)

	// ExitParamList is called when exiting the paramList production.
	ExitParamList(c *ParamListContext)

	// ExitParam is called when exiting the param production.
	ExitParam(c *ParamContext)

	// ExitTypeName is called when exiting the typeName production.
	ExitTypeName(c *TypeNameContext)

	// ExitEventDecl is called when exiting the eventDecl production.
	ExitEventDecl(c *EventDeclContext)

	// ExitBeforeAdvice is called when exiting the beforeAdvice production.
	ExitBeforeAdvice(c *BeforeAdviceContext)

	// ExitAfterAdvice is called when exiting the afterAdvice production.
	ExitAfterAdvice(c *AfterAdviceContext)

	// ExitPatternDecl is called when exiting the patternDecl production.
	ExitPatternDecl(c *PatternDeclContext)

	// ExitPcOr is called when exiting the pcOr production.
	ExitPcOr(c *PcOrContext)

	// ExitPcNot is called when exiting the pcNot production.
	ExitPcNot(c *PcNotContext)

	// ExitPcDesignator is called when exiting the pcDesignator production.
	ExitPcDesignator(c *PcDesignatorContext)

	// ExitPcParen is called when exiting the pcParen production.
	ExitPcParen(c *PcParenContext)

	// ExitPcAnd is called when exiting the pcAnd production.
	ExitPcAnd(c *PcAndContext)

	// ExitDCall is called when exiting the dCall production.
	ExitDCall(c *DCallContext)

	// ExitDExecution is called when exiting the dExecution production.
	ExitDExecution(c *DExecutionContext)

	// ExitDGet is called when exiting the dGet production.
	ExitDGet(c *DGetContext)

	// ExitDSet is called when exiting the dSet production.
	ExitDSet(c *DSetContext)

	// ExitDTarget is called when exiting the dTarget production.
	ExitDTarget(c *DTargetContext)

	// ExitDArgs is called when exiting the dArgs production.
	ExitDArgs(c *DArgsContext)

	// ExitDLocation is called when exiting the dLocation production.
	ExitDLocation(c *DLocationContext)

	// ExitDLock is called when exiting the dLock production.
	ExitDLock(c *DLockContext)

	// ExitDUnlock is called when exiting the dUnlock production.
	ExitDUnlock(c *DUnlockContext)

	// ExitDVolatile is called when exiting the dVolatile production.
	ExitDVolatile(c *DVolatileContext)

	// ExitDWithin is called when exiting the dWithin production.
	ExitDWithin(c *DWithinContext)

	// ExitDHolds is called when exiting the dHolds production.
	ExitDHolds(c *DHoldsContext)

	// ExitDIf is called when exiting the dIf production.
	ExitDIf(c *DIfContext)

	// ExitDUnknown is called when exiting the dUnknown production.
	ExitDUnknown(c *DUnknownContext)

	// ExitUnknownName is called when exiting the unknownName production.
	ExitUnknownName(c *UnknownNameContext)

	// ExitBalanced is called when exiting the balanced production.
	ExitBalanced(c *BalancedContext)

	// ExitArgName is called when exiting the argName production.
	ExitArgName(c *ArgNameContext)

	// ExitArgAny is called when exiting the argAny production.
	ExitArgAny(c *ArgAnyContext)

	// ExitArgEllipsis is called when exiting the argEllipsis production.
	ExitArgEllipsis(c *ArgEllipsisContext)

	// ExitSigPattern is called when exiting the sigPattern production.
	ExitSigPattern(c *SigPatternContext)

	// ExitParamEllipsis is called when exiting the paramEllipsis production.
	ExitParamEllipsis(c *ParamEllipsisContext)

	// ExitParamType is called when exiting the paramType production.
	ExitParamType(c *ParamTypeContext)

	// ExitFieldPattern is called when exiting the fieldPattern production.
	ExitFieldPattern(c *FieldPatternContext)

	// ExitTypePattern is called when exiting the typePattern production.
	ExitTypePattern(c *TypePatternContext)

	// ExitNamePattern is called when exiting the namePattern production.
	ExitNamePattern(c *NamePatternContext)

	// ExitExAnd is called when exiting the exAnd production.
	ExitExAnd(c *ExAndContext)

	// ExitExNot is called when exiting the exNot production.
	ExitExNot(c *ExNotContext)

	// ExitExParen is called when exiting the exParen production.
	ExitExParen(c *ExParenContext)

	// ExitExName is called when exiting the exName production.
	ExitExName(c *ExNameContext)

	// ExitExLiteral is called when exiting the exLiteral production.
	ExitExLiteral(c *ExLiteralContext)

	// ExitExOr is called when exiting the exOr production.
	ExitExOr(c *ExOrContext)

	// ExitExMethod is called when exiting the exMethod production.
	ExitExMethod(c *ExMethodContext)

	// ExitExCompare is called when exiting the exCompare production.
	ExitExCompare(c *ExCompareContext)

	// ExitLiteral is called when exiting the literal production.
	ExitLiteral(c *LiteralContext)

	// ExitRegex is called when exiting the regex production.
	ExitRegex(c *RegexContext)

	// ExitRxAnd is called when exiting the rxAnd production.
	ExitRxAnd(c *RxAndContext)

	// ExitRxSeq is called when exiting the rxSeq production.
	ExitRxSeq(c *RxSeqContext)

	// ExitRxPar is called when exiting the rxPar production.
	ExitRxPar(c *RxParContext)

	// ExitRxNot is called when exiting the rxNot production.
	ExitRxNot(c *RxNotContext)

	// ExitRxQuantified is called when exiting the rxQuantified production.
	ExitRxQuantified(c *RxQuantifiedContext)

	// ExitRxEvent is called when exiting the rxEvent production.
	ExitRxEvent(c *RxEventContext)

	// ExitRxStarred is called when exiting the rxStarred production.
	ExitRxStarred(c *RxStarredContext)

	// ExitRxGroup is called when exiting the rxGroup production.
	ExitRxGroup(c *RxGroupContext)

	// ExitQuantifier is called when exiting the quantifier production.
	ExitQuantifier(c *QuantifierContext)

	// ExitRxAttrs is called when exiting the rxAttrs production.
	ExitRxAttrs(c *RxAttrsContext)

	// ExitRxMark is called when exiting the rxMark production.
	ExitRxMark(c *RxMarkContext)

	// ExitIdent is called when exiting the ident production.
	ExitIdent(c *IdentContext)
}
